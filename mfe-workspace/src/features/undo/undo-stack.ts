/** Undo/redo history of edits; pure, newest last. Each entry knows both states it moves between. */
export type UndoHistory<T> = { past: T[]; future: T[] };

export const UNDO_LIMIT = 100;

export function createUndoHistory<T>(): UndoHistory<T> {
  return { past: [], future: [] };
}

/** Records a new edit; a new edit forgets what could be redone. */
export function recordEdit<T>(history: UndoHistory<T>, entry: T, limit = UNDO_LIMIT): UndoHistory<T> {
  return { past: [...history.past, entry].slice(-limit), future: [] };
}

/** Takes the newest edit to undo; null when there is none. */
export function takeUndo<T>(history: UndoHistory<T>): { entry: T; history: UndoHistory<T> } | null {
  const entry = history.past[history.past.length - 1];
  if (entry === undefined) return null;
  return { entry, history: { past: history.past.slice(0, -1), future: [...history.future, entry] } };
}

/** Takes the newest undone edit to redo; null when there is none. */
export function takeRedo<T>(history: UndoHistory<T>): { entry: T; history: UndoHistory<T> } | null {
  const entry = history.future[history.future.length - 1];
  if (entry === undefined) return null;
  return { entry, history: { past: [...history.past, entry], future: history.future.slice(0, -1) } };
}

/** Forgets the newest edit to undo (or, with 'future', to redo) without applying it. */
export function dropNewest<T>(history: UndoHistory<T>, which: 'past' | 'future'): UndoHistory<T> {
  return { ...history, [which]: history[which].slice(0, -1) };
}
