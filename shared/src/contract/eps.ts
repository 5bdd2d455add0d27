import { z } from 'zod';

import { ENDING_POINT_MARGIN_S } from '../domain/constants';
import { normalizeEndingPoints, validateEndingPoints } from '../domain/ending-points';
import { formatEndingPointTooClose } from '../domain/rule-messages';
import { SecondsSchema } from './fields';

export const ENDING_POINTS_MAX = 500;

/**
 * POST /api/audio/{id}/eps/: sorted, unique, rounded, and spaced by the margin. `based_on` is the list the new one was
 * made from, as the caller read it: when the audio's list is another by then (another tab or editor saved since), the
 * save is refused with 409 and nothing is written. Without it the list replaces whatever is there (older callers).
 */
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
  // Compared as read: a stored list that breaks today's spacing (an import) can still be the base of a save.
  based_on: z.array(z.number().finite()).max(ENDING_POINTS_MAX).transform(normalizeEndingPoints).optional(),
});
export type EndingPointsBody = z.input<typeof EndingPointsBodySchema>;
/** The body as the API reads it, both lists normalised. */
export type EndingPointsSave = z.output<typeof EndingPointsBodySchema>;
