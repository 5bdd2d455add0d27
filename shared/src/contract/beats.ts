import { z } from 'zod';

import { BEAT_TYPES } from '../domain/constants';
import { normalizeOffsets } from '../domain/offsets';
import { AudioTypeSchema } from './audio';
import { CountSchema, IdSchema, MsSchema, NameSchema, SecondsSchema, SegmentInfoSchema } from './fields';
import { MAX_OFFSETS, NAME_MAX_LENGTH } from './wire-values';

export const BeatTypeSchema = z.enum(BEAT_TYPES);

/** Offsets on the wire: seconds ≥ 0; stored sorted, unique and rounded to 2 decimals. */
export const OffsetsSchema = z.array(SecondsSchema).max(MAX_OFFSETS).transform(normalizeOffsets);

/** Path of /api/beats/{id}/… */
export const BeatParamsSchema = z.strictObject({ id: IdSchema });
export type BeatParams = z.infer<typeof BeatParamsSchema>;

/** GET /api/beats/?music_canonical_id= */
export const BeatListQuerySchema = z.strictObject({ music_canonical_id: IdSchema });
export type BeatListQuery = z.infer<typeof BeatListQuerySchema>;

export const BeatSchema = z.object({
  id: z.string(),
  name: z.string(),
  music_canonical_id: z.string(),
  audio_type: AudioTypeSchema,
  done: z.boolean(),
  offsets: z.array(SecondsSchema),
  segments_info: z.array(SegmentInfoSchema),
  starting_point_in_ms: MsSchema.nullable(),
  audio_asset_start_time_in_ms: MsSchema.nullable(),
  type: BeatTypeSchema,
  template_clips_media_id: z.string().nullable(),
  /** Optimistic concurrency: a PUT must send the version it read. */
  version: CountSchema,
});
export type Beat = z.infer<typeof BeatSchema>;

export const BeatListSchema = z.array(BeatSchema);

/** Fields the client may send along; the server recomputes them from the offsets. */
const derivedFields = {
  segments_info: z.array(SegmentInfoSchema).max(MAX_OFFSETS).optional(),
  starting_point_in_ms: MsSchema.nullable().optional(),
  audio_asset_start_time_in_ms: MsSchema.nullable().optional(),
};

export const NEW_BEAT_DONE_MESSAGE = 'A new beat is not done: approve it with toggle_beats_done';

/** POST /api/beats/ (clones also send offsets and derived fields; the workspace sends type). */
export const BeatCreateBodySchema = z.strictObject({
  name: NameSchema,
  music_canonical_id: IdSchema,
  audio_type: AudioTypeSchema,
  /** A new beat is not done (spec §4): only toggle_beats_done approves, recording who and when. */
  done: z.literal(false, { error: NEW_BEAT_DONE_MESSAGE }).default(false),
  type: BeatTypeSchema.default('manual'),
  offsets: OffsetsSchema.default([]),
  template_clips_media_id: IdSchema.nullable().optional(),
  ...derivedFields,
});
export type BeatCreateBody = z.input<typeof BeatCreateBodySchema>;

/** PUT /api/beats/{id}/: the full beat with the version it was read at (stale → 409). */
export const BeatUpdateBodySchema = z.strictObject({
  /** Tolerated so the client can send the beat as held; must match the path. */
  id: IdSchema.optional(),
  name: NameSchema,
  music_canonical_id: IdSchema,
  audio_type: AudioTypeSchema,
  done: z.boolean(),
  type: BeatTypeSchema,
  offsets: OffsetsSchema,
  template_clips_media_id: IdSchema.nullable().optional(),
  version: CountSchema,
  ...derivedFields,
  /** Server-owned fields of the beat as GET answered it: accepted so a client can send it back, never stored. */
  created_by: z.string().max(NAME_MAX_LENGTH).optional(),
  created_at: z.iso.datetime({ offset: true }).optional(),
});
export type BeatUpdateBody = z.input<typeof BeatUpdateBodySchema>;

/** PATCH /api/beats/{id}/: rename. */
export const BeatRenameBodySchema = z.strictObject({ name: NameSchema });
export type BeatRenameBody = z.infer<typeof BeatRenameBodySchema>;

/** POST /api/beats/{id}/toggle_beats_done/ body and answer. */
export const BeatDoneBodySchema = z.strictObject({ done: z.boolean() });
export type BeatDoneBody = z.infer<typeof BeatDoneBodySchema>;
export const BeatDoneSchema = z.object({ done: z.boolean() });

/** GET /api/beatimages/ */
export const BeatImageSchema = z.object({ image: z.string() });
export type BeatImage = z.infer<typeof BeatImageSchema>;
export const BeatImageListSchema = z.array(BeatImageSchema);
