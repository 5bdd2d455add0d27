import { z } from 'zod';

import { CountSchema, queryInt } from './fields';

/** GET /api/segment/stats/: filters applied before grouping by segment count. */
export const SegmentStatsQuerySchema = z.strictObject({
  reel_count_min: queryInt(),
  reel_count_max: queryInt(),
  template_clips_count_min: queryInt(),
  template_clips_count_max: queryInt(),
});
export type SegmentStatsQuery = z.output<typeof SegmentStatsQuerySchema>;
export type SegmentStatsQueryParams = z.input<typeof SegmentStatsQuerySchema>;

export const SegmentStatsRowSchema = z.object({
  /** The segment count. */
  _id: CountSchema,
  total_approved: CountSchema,
  total_approved_trending: CountSchema,
  total_approved_hyper: CountSchema,
  total_approved_emerging: CountSchema,
  total_available: CountSchema,
  total_available_trending: CountSchema,
  total_available_hyper: CountSchema,
  total_available_emerging: CountSchema,
});
export type SegmentStatsRow = z.infer<typeof SegmentStatsRowSchema>;

export const SegmentStatsListSchema = z.array(SegmentStatsRowSchema);
