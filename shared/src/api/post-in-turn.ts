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

/** The changes a screen shows of each record (by key) before their writes are answered: the newest, and the first. */
const shownChanges = new Map<string, { newest: string; first: string }>();

/** What a screen should do once a change it showed at once is answered. */
export type ChangeAnswered = {
  /** No later change to the record was made: what the screen shows is this change's to settle. */
  isNewest: boolean;
  /** Other changes to the record were shown before this one and were still unanswered when it was made. */
  followsOthers: boolean;
};

/**
 * Tracks a change to record `key` that the screen shows before the server answers (`requestId`, one per change), and
 * returns the call to make once it is answered. Its write goes through postInTurn, so the newest change is answered
 * last. Only the newest change settles what is shown: an older one's answer is overtaken by the newer one the screen
 * already shows. When the newest is refused, undoing its own display restores the value shown before it, which is
 * the server's only if no other change was in flight (`followsOthers` false); otherwise the record is read again.
 */
export function trackShownChange(key: string, requestId: string): () => ChangeAnswered {
  const pending = shownChanges.get(key);
  if (pending) pending.newest = requestId;
  else shownChanges.set(key, { newest: requestId, first: requestId });
  const { first } = shownChanges.get(key)!;
  return () => {
    const isNewest = shownChanges.get(key)?.newest === requestId;
    if (isNewest) shownChanges.delete(key);
    return { isNewest, followsOthers: first !== requestId };
  };
}

/** How a shown change settles once its newest write is answered (settleShownChange). */
export type ShownChangeSettling<T> = {
  /** The server took the newest change: show its answer (or read the record again). */
  accepted: (data: T) => void;
  /** Read the record again: the value shown before a refused change may not be the server's. */
  readAgain: () => void;
};

/**
 * Shows a change to record `key` at once (`show` answers the patches it made) and settles it once its write, sent
 * through postInTurn, is answered. Only the record's newest change settles what is shown (trackShownChange): accepted,
 * `accepted` has its answer; refused, its own patches are undone, and the record is read again when other changes were
 * on their way before it. An older change's answer is overtaken by the newer one already shown.
 */
export async function settleShownChange<T>(
  key: string,
  requestId: string,
  show: () => Array<{ undo: () => void }>,
  queryFulfilled: Promise<{ data: T }>,
  { accepted, readAgain }: ShownChangeSettling<T>,
): Promise<void> {
  const answered = trackShownChange(key, requestId);
  const patches = show();
  const answer = await queryFulfilled.catch(() => null);
  const { isNewest, followsOthers } = answered();
  if (!isNewest) return;
  if (answer) return accepted(answer.data);
  patches.forEach((patch) => patch.undo());
  if (followsOthers) readAgain();
}
