import { z } from 'zod';

/** GET /api/metrics/: live key/value figures. */
export const MetricSchema = z.object({
  key: z.string(),
  value: z.union([z.string(), z.number(), z.null()]),
});
export type Metric = z.infer<typeof MetricSchema>;

export const MetricListSchema = z.array(MetricSchema);
