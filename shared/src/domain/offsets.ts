import { END_SLACK_S } from './constants';
import { fail, type Result, succeed } from './result';
import {
  INVALID_OFFSET_MESSAGE,
  OFFSET_AFTER_END_MESSAGE,
  OFFSET_BEFORE_HIGHLIGHT_MESSAGE,
  type OffsetRuleMessage,
  SELECT_BEAT_FIRST_MESSAGE,
} from './rule-messages';
import { roundSeconds, secondsToMs } from './time';

const DECIMAL_TEXT = /^[+]?(\d+(\.\d*)?|\.\d+)$/;

/** Sorted, de-duplicated offsets rounded to 2 decimals; non-finite values are dropped. */
export function normalizeOffsets(offsetsS: readonly number[]): number[] {
  const rounded = offsetsS.filter(Number.isFinite).map(roundSeconds);
  return [...new Set(rounded)].sort((a, b) => a - b);
}

/** Adds one offset (rounded); adding an existing one changes nothing. */
export function addOffset(offsetsS: readonly number[], offsetS: number): number[] {
  return normalizeOffsets([...offsetsS, offsetS]);
}

/** Removes the offset equal to `offsetS` once both are rounded. */
export function removeOffset(offsetsS: readonly number[], offsetS: number): number[] {
  const target = roundSeconds(offsetS);
  return normalizeOffsets(offsetsS).filter((offset) => offset !== target);
}

/** Parses typed text ('12.5') or a playback time into seconds ≥ 0, else null. */
export function parseOffsetInput(input: number | string): number | null {
  if (typeof input === 'number') return Number.isFinite(input) && input >= 0 ? input : null;
  const text = input.trim();
  return DECIMAL_TEXT.test(text) ? Number(text) : null;
}

/** Earliest highlight in ms, or null when there is none. */
export function findFirstHighlightMs(highlightStartTimesMs: readonly number[]): number | null {
  const finite = highlightStartTimesMs.filter(Number.isFinite);
  return finite.length === 0 ? null : Math.min(...finite);
}

/** Music rule (docs/rules.md): true when the offset is at or before the first highlight. */
export function isBeforeFirstHighlight(
  offsetS: number,
  isOriginalSound: boolean,
  highlightStartTimesMs: readonly number[],
): boolean {
  if (isOriginalSound) return false;
  const firstMs = findFirstHighlightMs(highlightStartTimesMs);
  return firstMs !== null && secondsToMs(roundSeconds(offsetS)) <= firstMs;
}

/**
 * True when a time (rounded to 2 decimals, as offsets and ending points are) lies more than END_SLACK_S past the
 * audio's length; an audio whose length is not known yet has no end to pass.
 */
export function isPastEnd(timeS: number, durationS: number | null | undefined): boolean {
  return durationS != null && roundSeconds(timeS) > roundSeconds(durationS + END_SLACK_S);
}

export type OffsetCandidate = {
  input: number | string;
  hasSelectedBeat: boolean;
  isOriginalSound: boolean;
  highlightStartTimesMs: readonly number[];
  /** The audio's length when known: an offset past it is refused. */
  durationS?: number | null;
};

/** Checks an offset about to be added; the value is the rounded offset in seconds. */
export function validateOffset(candidate: OffsetCandidate): Result<number, OffsetRuleMessage> {
  if (!candidate.hasSelectedBeat) return fail(SELECT_BEAT_FIRST_MESSAGE);
  const parsed = parseOffsetInput(candidate.input);
  if (parsed === null) return fail(INVALID_OFFSET_MESSAGE);
  const offsetS = roundSeconds(parsed);
  if (isBeforeFirstHighlight(offsetS, candidate.isOriginalSound, candidate.highlightStartTimesMs)) {
    return fail(OFFSET_BEFORE_HIGHLIGHT_MESSAGE);
  }
  if (isPastEnd(offsetS, candidate.durationS)) return fail(OFFSET_AFTER_END_MESSAGE);
  return succeed(offsetS);
}

/** Checks a whole offset list (server side); the value is the normalized list. */
export function validateOffsetList(
  offsetsS: readonly number[],
  isOriginalSound: boolean,
  highlightStartTimesMs: readonly number[],
  durationS?: number | null,
): Result<number[], OffsetRuleMessage> {
  if (offsetsS.some((offset) => !Number.isFinite(offset) || offset < 0)) return fail(INVALID_OFFSET_MESSAGE);
  const normalized = normalizeOffsets(offsetsS);
  if (normalized.some((o) => isBeforeFirstHighlight(o, isOriginalSound, highlightStartTimesMs)))
    return fail(OFFSET_BEFORE_HIGHLIGHT_MESSAGE);
  return normalized.some((o) => isPastEnd(o, durationS)) ? fail(OFFSET_AFTER_END_MESSAGE) : succeed(normalized);
}
