import type { FetchArgs, FetchBaseQueryError } from '@reduxjs/toolkit/query';

type BaseQueryAnswer = { data?: unknown; error?: FetchBaseQueryError };
/** The `baseQuery` an endpoint's queryFn is handed. */
export type BaseQuery = (args: FetchArgs) => BaseQueryAnswer | PromiseLike<BaseQueryAnswer>;

/** The last write of each record (by key), which the next one on that record waits for. */
const lastWrites = new Map<string, Promise<unknown>>();

/**
 * Sends a write once the write made before it on the same record (`key`) has its answer, as an endpoint's queryFn
 * answer: two writes on their way at once may reach the server in either order, and it would keep the earlier one
 * while the screen shows the later.
 */
export function postInTurn<T>(
  key: string,
  baseQuery: BaseQuery,
  args: FetchArgs,
): Promise<{ data: T } | { error: FetchBaseQueryError }> {
  const send = async () => {
    const answer = await baseQuery(args);
    return answer.error ? { error: answer.error } : { data: answer.data as T };
  };
  const written = (lastWrites.get(key) ?? Promise.resolve()).then(send, send);
  lastWrites.set(key, written);
  const forget = () => {
    if (lastWrites.get(key) === written) lastWrites.delete(key);
  };
  written.then(forget, forget);
  return written;
}
