import { z } from 'zod';

import { CountSchema, IdSchema, MsSchema, QueryBooleanSchema, SegmentInfoSchema } from './fields';

/** GET /api/templates/: the workspace sends exclude_not_started_at_highlight and exclude_disapproved. */
export const TemplateListQuerySchema = z.strictObject({
  music_canonical_id: IdSchema,
  exclude_not_started_at_highlight: QueryBooleanSchema,
  exclude_disapproved: QueryBooleanSchema,
  /** Set by the audio list's link to /templates/. */
  exclude_approved: QueryBooleanSchema,
});
export type TemplateListQuery = z.output<typeof TemplateListQuerySchema>;
export type TemplateListQueryParams = z.input<typeof TemplateListQuerySchema>;

export const TemplateSchema = z.object({
  template_info: z.object({
    template_clips_media_id: z.string(),
    segments_info: z.array(SegmentInfoSchema),
  }),
  template_entry: z.object({ clips_count: CountSchema }),
  /** true approved, false disapproved (deleted in the workspace), null undecided. */
  template_meta: z.object({ approved: z.boolean().nullable() }),
  audio_asset_start_time_in_ms: MsSchema.nullable(),
  /** Reel code, for the external link to the short-video reel. */
  code: z.string(),
});
export type Template = z.infer<typeof TemplateSchema>;

export const TemplateListSchema = z.array(TemplateSchema);

/** POST /api/template-toggle-approval/: checking sends true, unchecking null. */
export const TemplateToggleApprovalBodySchema = z.strictObject({
  template_clips_media_id: IdSchema,
  music_canonical_id: IdSchema,
  audio_id: IdSchema,
  segments_count: CountSchema,
  segments_length_ms: CountSchema,
  segments_info: z.array(SegmentInfoSchema).max(1000),
  audio_asset_start_time_in_ms: MsSchema.nullable(),
  approved: z.literal(true).nullable(),
});
export type TemplateToggleApprovalBody = z.infer<typeof TemplateToggleApprovalBodySchema>;

/** POST /api/template-approved/: the workspace delete sends false; the approvals page null. */
export const TemplateApprovedBodySchema = z.strictObject({
  music_canonical_id: IdSchema,
  template_clips_media_id: IdSchema,
  approved: z.boolean().nullable(),
});
export type TemplateApprovedBody = z.infer<typeof TemplateApprovedBodySchema>;

/** What both approval calls answer: the template and its approval now. */
export const TemplateApprovalSchema = z.object({
  music_canonical_id: IdSchema,
  template_clips_media_id: IdSchema,
  approved: z.boolean().nullable(),
});
export type TemplateApproval = z.infer<typeof TemplateApprovalSchema>;

/** GET /api/templates/count/: approved = beats_done + templates_approved. */
export const TemplateCountSchema = z.object({
  approved: CountSchema,
  beats_done: CountSchema,
  templates_approved: CountSchema,
});
export type TemplateCount = z.infer<typeof TemplateCountSchema>;

/** GET /api/templates/from_reels/ */
export const TemplatesFromReelsSchema = z.object({
  count: CountSchema,
  count_discarded_hl_start: CountSchema,
});
export type TemplatesFromReels = z.infer<typeof TemplatesFromReelsSchema>;
