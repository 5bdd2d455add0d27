import {
  IdSchema,
  MsSchema,
  NameSchema,
  SecondsSchema,
  SegmentInfoSchema,
  TAGS_PER_AUDIO_MAX,
  TagTextSchema,
} from '@curator/shared/contract';
import { TREND_LIST_VALUES } from '@curator/shared/domain';
import { z } from 'zod';

import { TEMPLATE_CLIPS_COUNT_MAX } from '../audios/audio-list-filter';

const DateTimeSchema = z.iso.datetime({ offset: true }).transform((text) => new Date(text));

/** Local path (relative to --media-root) or http(s) URL of the media file; null = none downloaded. */
const MediaSourceSchema = z.string().trim().min(1).max(2000).nullable();

/** One line of the audios file (docs/import-format.md). */
export const AudioImportRecordSchema = z.strictObject({
  music_canonical_id: IdSchema,
  audio_id: IdSchema,
  audio_name: NameSchema,
  artist_name: z.string().trim().max(200).default(''),
  is_original_sound: z.boolean(),
  media: MediaSourceSchema.default(null),
  duration_ms: MsSchema.nullable().default(null),
  first_seen_at: DateTimeSchema.nullable().default(null),
  trendlist: z.enum(TREND_LIST_VALUES).nullable().default(null),
  highlight_start_times_in_ms: z.array(MsSchema).max(1000).default([]),
  eps: z.array(SecondsSchema).max(1000).optional(),
  tags: z.array(TagTextSchema).max(TAGS_PER_AUDIO_MAX).optional(),
});
export type AudioImportRecord = z.output<typeof AudioImportRecordSchema>;

/** One line of the templates file. */
export const TemplateImportRecordSchema = z.strictObject({
  template_clips_media_id: IdSchema,
  music_canonical_id: IdSchema,
  code: IdSchema,
  clips_count: z.int().min(0).max(TEMPLATE_CLIPS_COUNT_MAX),
  segments_info: z.array(SegmentInfoSchema).max(1000),
  audio_asset_start_time_in_ms: MsSchema.nullable().default(null),
  /** Omitted: a new template is undecided and an existing one keeps its approval. */
  approved: z.boolean().nullable().optional(),
});
export type TemplateImportRecord = z.output<typeof TemplateImportRecordSchema>;

/** One line of the reels file. */
export const ReelImportRecordSchema = z.strictObject({
  code: IdSchema,
  music_canonical_id: IdSchema,
  taken_at: DateTimeSchema,
});
export type ReelImportRecord = z.output<typeof ReelImportRecordSchema>;

/** "field: message; field: message" for a report line. */
export function describeIssues(error: z.ZodError): string {
  return error.issues.map((i) => `${i.path.length ? i.path.join('.') : 'record'}: ${i.message}`).join('; ');
}
