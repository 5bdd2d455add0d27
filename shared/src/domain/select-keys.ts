import { MENU_TYPEAHEAD_RESET_MS, SELECT_PAGE_SIZE } from './constants';

/** The option PageDown (+1) or PageUp (−1) moves to from `activeIndex` (−1: none yet), within the list. */
export function stepSelectPage(
  activeIndex: number,
  direction: 1 | -1,
  count: number,
  pageSize = SELECT_PAGE_SIZE,
): number {
  if (count === 0) return -1;
  const from = activeIndex < 0 ? (direction > 0 ? -1 : count) : activeIndex;
  return Math.min(count - 1, Math.max(0, from + direction * pageSize));
}

/** What the user has typed into an open menu, and when the last key came. */
export type TypeAhead = { text: string; atMs: number };

export const EMPTY_TYPE_AHEAD: TypeAhead = { text: '', atMs: -Infinity };

/** Adds a typed character; a pause longer than `resetMs` starts the text over. */
export function typeAhead(state: TypeAhead, key: string, nowMs: number, resetMs = MENU_TYPEAHEAD_RESET_MS): TypeAhead {
  const text = nowMs - state.atMs > resetMs ? '' : state.text;
  return { text: text + key.toLowerCase(), atMs: nowMs };
}

/** The first label starting with the typed text (case-insensitive), or −1. */
export function findTypeAheadMatch(labels: readonly string[], text: string): number {
  if (!text) return -1;
  return labels.findIndex((label) => label.trim().toLowerCase().startsWith(text));
}
