import { z } from 'zod';

import { CountSchema, MsSchema } from './fields';

/** GET /api/hlpoints/: template start times, most frequent first. */
export const HlPointSchema = z.object({
  audio_asset_start_time_in_ms: MsSchema,
  count: CountSchema,
  updated_at: z.string().nullable(),
});
export type HlPoint = z.infer<typeof HlPointSchema>;

export const HlPointListSchema = z.array(HlPointSchema);

/** GET /api/hlpoints/top/: the default highlight (null when there is no template yet). */
export const HlPointTopSchema = z.object({ audio_asset_start_time_in_ms: MsSchema.nullable() });
export type HlPointTop = z.infer<typeof HlPointTopSchema>;
