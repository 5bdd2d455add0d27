import { z } from 'zod';

import { CountSchema, QueryDateSchema, QueryDateToSchema, SkipSchema } from './fields';

/** GET /api/audio-usage/: reels taken within [taken_at_from, taken_at_to], most used first. */
export const AudioUsageQuerySchema = z.strictObject({
  taken_at_from: QueryDateSchema,
  taken_at_to: QueryDateToSchema,
  skip: SkipSchema,
});
export type AudioUsageQuery = z.output<typeof AudioUsageQuerySchema>;
export type AudioUsageQueryParams = z.input<typeof AudioUsageQuerySchema>;

export const AudioUsageRowSchema = z.object({
  id: z.string(),
  audio_name: z.string(),
  artist_name: z.string(),
  usage_count: CountSchema,
  tags: z.array(z.string()),
});
export type AudioUsageRow = z.infer<typeof AudioUsageRowSchema>;

/** One page (up to 100 rows); a short page is the last one. */
export const AudioUsageListSchema = z.array(AudioUsageRowSchema);
