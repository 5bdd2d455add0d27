/** MongoDB's (and FerretDB's) error code for a unique index refusing a write. */
const DUPLICATE_KEY_CODE = 11000;
/**
 * The embedded FerretDB answers an insert that a unique index refuses with that code, but an update with its SQLite
 * backend's own words and another code (seen on two renames of users to one name at once).
 */
const EMBEDDED_UNIQUE_FAILURE = /UNIQUE constraint failed: index /;

/** True when a write failed because a unique index already holds the key. */
export function isDuplicateKeyError(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const { code, message } = error as { code?: unknown; message?: unknown };
  return code === DUPLICATE_KEY_CODE || (typeof message === 'string' && EMBEDDED_UNIQUE_FAILURE.test(message));
}
