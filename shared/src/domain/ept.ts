import { ENDING_POINT_MARGIN_S, TEMPLATE_LENGTH_CAP_S } from './constants';
import { normalizeEndingPoints } from './ending-points';
import { isBeforeFirstHighlight, normalizeOffsets } from './offsets';
import { fail, type Result, succeed } from './result';
import { NO_EPS_MESSAGE } from './rule-messages';
import { deriveSegments } from './segments';
import { secondsToMs } from './time';

export type EptInput = {
  beat: { name: string; offsetsS: readonly number[] };
  endingPointsS: readonly number[];
  isOriginalSound: boolean;
  highlightStartTimesMs: readonly number[];
  marginS?: number;
  lengthCapS?: number;
};

export type EpBeat = { name: string; type: 'ep'; offsetsS: number[] };

/** Name of the k-th (1-based, time order) ending-point beat of a beat. */
export function nameEpBeat(beatName: string, k: number): string {
  return `${beatName}_ep#${k}`;
}

/** The cap's message, for the screens and the API alike. */
export const EP_BEAT_TOO_LONG_MESSAGE = `An ep beat lasts at most ${TEMPLATE_LENGTH_CAP_S} s from its starting point to its ending point`;

/**
 * True when an `ep` beat ending at its last offset lasts longer than the template cap from its
 * starting point (a beat with no segment yet has no length).
 */
export function isEpBeatTooLong(
  offsetsS: readonly number[],
  startingPointMs: number | null,
  capS: number = TEMPLATE_LENGTH_CAP_S,
): boolean {
  if (startingPointMs === null || offsetsS.length === 0) return false;
  return secondsToMs(Math.max(...offsetsS)) - startingPointMs > secondsToMs(capS);
}

/**
 * Ending point to template (docs/rules.md): one `ep` beat per ending point e_k with the beat's offsets
 * < e_k − margin followed by e_k. Results with no segment, longer than the cap, or breaking the
 * music highlight rule are dropped; their k is not reused.
 */
export function buildEpBeats(input: EptInput): Result<EpBeat[]> {
  const endingPoints = normalizeEndingPoints(input.endingPointsS);
  if (endingPoints.length === 0) return fail(NO_EPS_MESSAGE);
  const marginMs = secondsToMs(input.marginS ?? ENDING_POINT_MARGIN_S);
  const capS = input.lengthCapS ?? TEMPLATE_LENGTH_CAP_S;
  const offsets = normalizeOffsets(input.beat.offsetsS);
  const results: EpBeat[] = [];
  endingPoints.forEach((endS, index) => {
    const endMs = secondsToMs(endS);
    const offsetsS = [...offsets.filter((o) => secondsToMs(o) < endMs - marginMs), endS];
    const derived = deriveSegments({
      offsetsS,
      isOriginalSound: input.isOriginalSound,
      highlightStartTimesMs: input.highlightStartTimesMs,
    });
    if (derived.starting_point_in_ms === null || isEpBeatTooLong(offsetsS, derived.starting_point_in_ms, capS)) return;
    if (offsetsS.some((o) => isBeforeFirstHighlight(o, input.isOriginalSound, input.highlightStartTimesMs))) return;
    results.push({ name: nameEpBeat(input.beat.name, index + 1), type: 'ep', offsetsS });
  });
  return succeed(results);
}

/** Replaces items of the same name and appends the new ones, so EPT never doubles a beat. */
export function mergeBeatsByName<T extends { name: string }>(existing: readonly T[], incoming: readonly T[]): T[] {
  const byName = new Map(incoming.map((item) => [item.name, item]));
  const merged = existing.map((item) => byName.get(item.name) ?? item);
  const existingNames = new Set(existing.map((item) => item.name));
  return [...merged, ...incoming.filter((item) => !existingNames.has(item.name))];
}
