/**
 * Texts returned by domain rules. They live here (not only in ../messages.ts) because the API
 * loads the built domain on its own and answers with the same words.
 */

import { ENDING_POINT_MARGIN_S } from './constants';

export const SELECT_BEAT_FIRST_MESSAGE = 'Please select a beat first';
export const INVALID_OFFSET_MESSAGE = 'Please type a valid offset value';
export const OFFSET_BEFORE_HIGHLIGHT_MESSAGE = 'Offsets cannot be before first highlight in music';
export const OFFSET_AFTER_END_MESSAGE = 'Offsets cannot be after the end of the audio';
export const ENDING_POINT_AFTER_END_MESSAGE = 'Ending points cannot be after the end of the audio';
export const NO_EPS_MESSAGE = 'There are no EPs for this audio';
export const INVALID_ENDING_POINT_MESSAGE = 'Ending point must be a time of 0 s or more';
/** 409 detail: the ending points a save was based on are no longer the audio's (another tab or editor saved since). */
export const ENDING_POINTS_CHANGED_MESSAGE = 'The ending points were changed elsewhere; reload them before saving';

/** Refusal when an ending point is closer than `marginS` to another one. */
export function formatEndingPointTooClose(marginS: number): string {
  return `Ending points must be at least ${marginS} s apart`;
}

export const ENDING_POINT_TOO_CLOSE_MESSAGE = formatEndingPointTooClose(ENDING_POINT_MARGIN_S);

/** Lock holder text, shown in the workspace and sent as the 409/423 detail. */
export function formatLockedBy(user: string): string {
  return `Locked by ${user}`;
}

export type OffsetRuleMessage =
  | typeof SELECT_BEAT_FIRST_MESSAGE
  | typeof INVALID_OFFSET_MESSAGE
  | typeof OFFSET_BEFORE_HIGHLIGHT_MESSAGE
  | typeof OFFSET_AFTER_END_MESSAGE;
