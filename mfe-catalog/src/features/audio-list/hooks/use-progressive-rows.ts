import { useEffect, useState } from 'react';

/** Rows a 1000 px high window shows below the filters (17), and one to spare; then fewer per task, so none is long. */
export const FIRST_ROWS = 18;
export const MORE_ROWS = 12;

/** The next rows come a frame's time later, in a task of their own, so the first rows reach the screen first. */
const NEXT_ROWS_AFTER_MS = 16;
/**
 * The rows to render: the first screenful at once, then the next ones by screenfuls, each in a task
 * of its own, so no task blocks the page for long. Every row is in the document a moment later,
 * for the keyboard, find-in-page and the row count; only the first paint waits on fewer rows.
 * `listKey` names the list (its filters and page): new rows of another list start from the first
 * screenful again, new rows of the same list (after a tag is toggled) keep every row shown. While
 * another list is on its way (`listKey` changed, same rows), only the first screenful of the old one
 * stays: the rest is taken down then, not in the same task as the new rows when they arrive.
 */
export function useProgressiveRows<T>(rows: readonly T[], listKey: string): readonly T[] {
  const [shown, setShown] = useState({ rows, listKey, count: FIRST_ROWS });
  let current = shown;
  if (shown.rows !== rows)
    current = { rows, listKey, count: shown.listKey === listKey ? Math.max(shown.count, FIRST_ROWS) : FIRST_ROWS };
  if (current !== shown) setShown(current);
  const isPrevious = current.listKey !== listKey;
  const count = isPrevious ? Math.min(current.count, FIRST_ROWS) : current.count;
  const complete = !isPrevious && count >= rows.length;

  useEffect(() => {
    if (complete || isPrevious) return undefined;
    // A timer, not a frame callback or a transition: both can be held back indefinitely on a busy or
    // hidden page, and the table would then never say it has all its rows (aria-busy).
    const timer = setTimeout(
      () => setShown({ rows, listKey: current.listKey, count: current.count + MORE_ROWS }),
      NEXT_ROWS_AFTER_MS,
    );
    return () => clearTimeout(timer);
  }, [rows, complete, isPrevious, current.count, current.listKey]);

  return complete ? rows : rows.slice(0, count);
}
