import { PAGE_SIZE } from './constants';

/** Skip after Prev (-1) or Next (+1): moves by the page size and never goes below 0. */
export function stepSkip(skip: number, direction: 1 | -1, pageSize: number = PAGE_SIZE): number {
  const current = Number.isFinite(skip) ? Math.max(0, Math.floor(skip)) : 0;
  return Math.max(0, current + direction * pageSize);
}

/** True when a page after the current one exists; without a total, a full page implies one. */
export function hasNextPage(skip: number, pageLength: number, total?: number, pageSize: number = PAGE_SIZE): boolean {
  return total === undefined ? pageLength >= pageSize : skip + pageLength < total;
}
