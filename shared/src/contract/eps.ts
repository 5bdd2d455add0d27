import { z } from 'zod';

import { ENDING_POINT_MARGIN_S } from '../domain/constants';
import { normalizeEndingPoints, validateEndingPoints } from '../domain/ending-points';
import { formatEndingPointTooClose } from '../domain/rule-messages';
import { SecondsSchema } from './fields';

export const ENDING_POINTS_MAX = 500;

/** POST /api/audio/{id}/eps/: sorted, unique, rounded, and spaced by the margin. */
export const EndingPointsBodySchema = z.strictObject({
  ending_points: z
    .array(SecondsSchema)
    .max(ENDING_POINTS_MAX)
    // A point that is not a time is its own error; spacing is judged only between valid times.
    .refine(
      (points) =>
        points.some((p) => typeof p !== 'number' || !Number.isFinite(p) || p < 0) || validateEndingPoints(points).ok,
      {
        message: formatEndingPointTooClose(ENDING_POINT_MARGIN_S),
      },
    )
    .transform(normalizeEndingPoints),
});
export type EndingPointsBody = z.input<typeof EndingPointsBodySchema>;
