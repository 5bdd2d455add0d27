/** Outcome of a rule check: the accepted value, or the message shown to the user. */
export type Result<T, E = string> = { ok: true; value: T } | { ok: false; error: E };

/** Wraps an accepted value. */
export function succeed<T>(value: T): { ok: true; value: T } {
  return { ok: true, value };
}

/** Wraps a refusal with its user-facing message. */
export function fail<E>(error: E): { ok: false; error: E } {
  return { ok: false, error };
}
