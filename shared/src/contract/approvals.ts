import { z } from 'zod';

import {
  CountSchema,
  IdSchema,
  MsSchema,
  pageOf,
  queryList,
  SecondsSchema,
  SegmentInfoSchema,
  SkipSchema,
} from './fields';
import { TagTextSchema } from './tags';

export const APPROVAL_SOURCES = ['beat', 'template'] as const;
export const ApprovalSourceSchema = z.enum(APPROVAL_SOURCES);
export type ApprovalSource = z.infer<typeof ApprovalSourceSchema>;

/** GET /api/approvals/: 100 per page, newest approval first; an audio must carry every tag. */
export const ApprovalListQuerySchema = z.strictObject({
  skip: SkipSchema,
  tags: queryList(TagTextSchema),
});
export type ApprovalListQuery = z.output<typeof ApprovalListQuerySchema>;
export type ApprovalListQueryParams = z.input<typeof ApprovalListQuerySchema>;

/** Path of GET /api/approvals/{src}/{id}/ */
export const ApprovalParamsSchema = z.strictObject({ src: ApprovalSourceSchema, id: IdSchema });
export type ApprovalParams = z.infer<typeof ApprovalParamsSchema>;

export const ApprovalRowSchema = z.object({
  src: ApprovalSourceSchema,
  /** Beat id, or the template's clips media id. */
  id: z.string(),
  music_canonical_id: z.string(),
  template_clips_media_id: z.string().nullable(),
  audio_name: z.string(),
  artist_name: z.string(),
  segments_count: CountSchema,
  segments_length_ms: CountSchema,
  approval_date: z.string().nullable(),
  approval_by: z.string().nullable(),
});
export type ApprovalRow = z.infer<typeof ApprovalRowSchema>;

export const ApprovalPageSchema = pageOf(ApprovalRowSchema);
export type ApprovalPage = z.infer<typeof ApprovalPageSchema>;

export const ApprovalDetailSchema = ApprovalRowSchema.extend({
  eps: z.array(SecondsSchema),
  media: z.string().nullable(),
  offsets: z.array(SecondsSchema),
  segments_info: z.array(SegmentInfoSchema),
  is_original_sound: z.boolean(),
  highlight_start_times_in_ms: z.array(MsSchema),
  audio_asset_start_time_in_ms: MsSchema.nullable(),
});
export type ApprovalDetail = z.infer<typeof ApprovalDetailSchema>;
