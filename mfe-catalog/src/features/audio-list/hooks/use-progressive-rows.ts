import { useEffect, useState } from 'react';

/** Rows a 1000 px high window shows below the filters, with some to spare. */
export const FIRST_ROWS = 24;

const afterPaint = (run: () => void): (() => void) => {
  // The first rows reach the screen before the rest are made.
  let timer: ReturnType<typeof setTimeout> | undefined;
  const frame = requestAnimationFrame(() => {
    timer = setTimeout(run, 0);
  });
  return () => {
    cancelAnimationFrame(frame);
    clearTimeout(timer);
  };
};

/**
 * The rows to render: the first screenful at once, then all of them in the next task once that has
 * been painted. Every row is in the document a moment later, for the keyboard, find-in-page and the
 * row count; only the first paint waits on fewer rows.
 */
export function useProgressiveRows<T>(rows: readonly T[]): readonly T[] {
  const [shown, setShown] = useState({ rows, count: FIRST_ROWS });
  // New rows (another page, new filters): the first screenful of them first, again.
  const current = shown.rows === rows ? shown : { rows, count: FIRST_ROWS };
  if (current !== shown) setShown(current);
  const complete = current.count >= rows.length;

  useEffect(() => {
    if (complete) return undefined;
    return afterPaint(() => setShown({ rows, count: rows.length }));
  }, [rows, complete]);

  return complete ? rows : rows.slice(0, current.count);
}
