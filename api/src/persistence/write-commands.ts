/**
 * The most statements one bulk write sends to the database in one command.
 *
 * FerretDB 1.24 (the embedded database) keeps the query of every statement of an `update`
 * command open until the whole command ends, and each open query holds one of the 100
 * connections of its SQLite pool. An update command whose statements match about 100 existing
 * documents therefore waits for a connection forever. Commands of a few dozen statements stay far
 * from that limit even when several run at once; MongoDB is indifferent to the split.
 */
export const MAX_STATEMENTS_PER_COMMAND = 20;

/** Runs `write` on consecutive slices of `ops`, one command at a time, in order. */
export async function inWriteCommands<T>(ops: readonly T[], write: (slice: T[]) => Promise<unknown>): Promise<void> {
  for (let i = 0; i < ops.length; i += MAX_STATEMENTS_PER_COMMAND) {
    await write(ops.slice(i, i + MAX_STATEMENTS_PER_COMMAND));
  }
}
