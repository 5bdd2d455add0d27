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

/** What the names of a beat's ending-point beats start with. */
const epNamePrefix = (beatName: string) => `${beatName}_ep#`;

/** Name of the k-th (1-based, time order) ending-point beat of a beat. */
export function nameEpBeat(beatName: string, k: number): string {
  return `${epNamePrefix(beatName)}${k}`;
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

/** What one EPT run writes: updates to ep beats it makes again, new ones, and stale ones to delete. */
export type EptPlan<T> = { update: Array<{ beat: T; offsetsS: number[] }>; create: EpBeat[]; remove: T[] };

/**
 * Applies an EPT run of the beat `beatName` to the beats there, so that its ep beats are exactly the run's (docs/rules.md
 * "replaced, not doubled"): an ep beat of the same name is updated, a missing one created, and an ep beat of this beat
 * the run no longer makes (its ending point moved, went, or now gives no result) deleted. Beats of another type are never
 * touched, whatever their name.
 */
export function planEptRun<T extends { name: string; type: string }>(
  existing: readonly T[],
  beatName: string,
  made: readonly EpBeat[],
): EptPlan<T> {
  const prefix = epNamePrefix(beatName);
  const isEpOfBeat = (b: T) =>
    b.type === 'ep' && b.name.startsWith(prefix) && /^\d+$/.test(b.name.slice(prefix.length));
  const mine = existing.filter(isEpOfBeat);
  const madeNames = new Set(made.map((m) => m.name));
  const update: EptPlan<T>['update'] = [];
  const create: EpBeat[] = [];
  for (const epBeat of made) {
    const beat = mine.find((b) => b.name === epBeat.name);
    if (beat) update.push({ beat, offsetsS: epBeat.offsetsS });
    else create.push(epBeat);
  }
  return { update, create, remove: mine.filter((b) => !madeNames.has(b.name)) };
}
