import type { SerializedError } from '@reduxjs/toolkit';
import type { FetchBaseQueryError } from '@reduxjs/toolkit/query';

import { formatValidationDetail } from '../domain/errors-format';

/**
 * Turns any RTK Query error into the lines shown to the user: the server's detail entries
 * ('location - message'), its detail text, or `noResponseText` when the server never answered.
 */
export function describeRequestError(
  error: FetchBaseQueryError | SerializedError | undefined,
  noResponseText: string,
): string[] {
  if (!error) return [];
  if (!('status' in error) || typeof error.status !== 'number') return [noResponseText];
  const lines = formatValidationDetail((error.data as { detail?: unknown } | undefined)?.detail);
  return lines.length > 0 ? lines : [`${noResponseText} (${error.status})`];
}

/** HTTP status of an RTK Query error, or undefined when there was no response. */
export function statusOf(error: unknown): number | undefined {
  const status = (error as { status?: unknown } | undefined)?.status;
  return typeof status === 'number' ? status : undefined;
}
