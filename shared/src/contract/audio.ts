import { z } from 'zod';

import { AUDIO_TYPES, TREND_LIST_VALUES } from '../domain/constants';
import { normalizeTagList } from '../domain/tags';
import {
  CountSchema,
  IdSchema,
  MsSchema,
  pageOf,
  QueryBooleanSchema,
  QueryDateSchema,
  QueryDateToSchema,
  queryEnum,
  queryInt,
  queryList,
  QuerySearchSchema,
  SecondsSchema,
  SkipSchema,
} from './fields';
import { TagTextSchema } from './tags';
import {
  AUDIO_SORT_FIELDS,
  AUDIO_TYPE_FILTERS,
  SORT_DIRECTIONS,
  TAGS_PER_AUDIO_MAX,
  TREND_LIST_FILTERS,
} from './wire-values';

export const TrendListSchema = z.enum(TREND_LIST_VALUES);
export const AudioTypeSchema = z.enum(AUDIO_TYPES);

/** Path of /api/audio/{id}/…: the canonical music id. */
export const AudioParamsSchema = z.strictObject({ id: IdSchema });
export type AudioParams = z.infer<typeof AudioParamsSchema>;

/** GET /api/audio/ filters (docs/screens.md "Audio list"); min/max inclusive, absent or '' = no bound. */
export const AudioListQuerySchema = z.strictObject({
  skip: SkipSchema,
  audio_type: queryEnum(AUDIO_TYPE_FILTERS, 'all'),
  reel_count_min: queryInt(),
  reel_count_max: queryInt(),
  media_length_ms_min: queryInt(),
  media_length_ms_max: queryInt(),
  available_templates_min: queryInt(),
  available_templates_max: queryInt(),
  approved_templates_min: queryInt(),
  approved_templates_max: queryInt(),
  template_clips_count_min: queryInt(),
  template_clips_count_max: queryInt(),
  trendlist: queryEnum(TREND_LIST_FILTERS, 'all'),
  /** true = stem_status is 'ready'; absent = all. */
  has_stem: QueryBooleanSchema,
  has_eps: QueryBooleanSchema,
  created_from: QueryDateSchema,
  created_to: QueryDateToSchema,
  /** Audio name or artist, case-insensitive substring. */
  q: QuerySearchSchema,
  /** Manual tags; an audio must carry all of them. */
  tags: queryList(TagTextSchema),
  sort_by: queryEnum(AUDIO_SORT_FIELDS, 'created_at'),
  sort_dir: queryEnum(SORT_DIRECTIONS, 'desc'),
});
/** Parsed filters, as the API uses them. */
export type AudioListQuery = z.output<typeof AudioListQuerySchema>;
/** Filters as the client sends them. */
export type AudioListQueryParams = z.input<typeof AudioListQuerySchema>;

export const AudioListItemSchema = z.object({
  id: z.string(),
  audio_id: z.string(),
  audio_name: z.string(),
  artist_name: z.string(),
  media: z.string().nullable(),
  is_original_sound: z.boolean(),
  beat_and_template_approved: CountSchema,
  template_count_available: CountSchema,
  reel_count: CountSchema,
  eps: z.array(SecondsSchema),
  ep_template_count: CountSchema,
  trendlist: TrendListSchema.nullable(),
  first_seen_at: z.string().nullable(),
  locked: z.boolean(),
  locked_by: z.string().nullable(),
  tags: z.array(z.string()),
  stem_status: z.string().nullable(),
  /** Waveform peaks JSON (see PeaksFileSchema) under /media/, null until computed. */
  peaks_url: z.string().nullable(),
  /** Media length in seconds, 2 decimals; null when unknown. */
  duration_s: z.number().nonnegative().nullable(),
});
export type AudioListItem = z.infer<typeof AudioListItemSchema>;

export const AudioListPageSchema = pageOf(AudioListItemSchema);
export type AudioListPage = z.infer<typeof AudioListPageSchema>;

export const StemTrackSchema = z.object({
  type: z.string(),
  url: z.string(),
  peaks_url: z.string().nullable().optional(),
});
export type StemTrack = z.infer<typeof StemTrackSchema>;

/** GET /api/audio/{id}/ */
export const AudioDetailSchema = z.object({
  id: z.string(),
  audio_id: z.string(),
  audio_name: z.string(),
  is_original_sound: z.boolean(),
  artist_name: z.string(),
  media: z.string().nullable(),
  highlight_start_times_in_ms: z.array(MsSchema),
  /** Ending points in seconds, sorted. */
  eps: z.array(SecondsSchema),
  stem_status: z.string().nullable(),
  stem_tracks: z.array(StemTrackSchema),
  tags: z.array(z.string()),
  locked: z.boolean(),
  locked_by: z.string().nullable(),
  /** Waveform peaks JSON (see PeaksFileSchema) under /media/, null until computed. */
  peaks_url: z.string().nullable(),
  /** Media length in seconds, 2 decimals; null when unknown. */
  duration_s: z.number().nonnegative().nullable(),
});
export type AudioDetail = z.infer<typeof AudioDetailSchema>;

/** Answer of POST /api/audio/{id}/lock/ and /unlock/. */
export const LockStateSchema = z.object({ locked: z.boolean(), locked_by: z.string().nullable() });
export type LockState = z.infer<typeof LockStateSchema>;

/** POST /api/audio/{id}/taggify/: replaces the audio's tags (blanks and case duplicates dropped). */
export const TaggifyBodySchema = z.strictObject({
  tags: z.array(TagTextSchema).max(TAGS_PER_AUDIO_MAX).transform(normalizeTagList),
});
export type TaggifyBody = z.input<typeof TaggifyBodySchema>;
