/** MongoDB's (and FerretDB's) error code for a unique index refusing a write. */
const DUPLICATE_KEY_CODE = 11000;

/** True when a write failed because a unique index already holds the key. */
export function isDuplicateKeyError(error: unknown): boolean {
  return typeof error === 'object' && error !== null && (error as { code?: unknown }).code === DUPLICATE_KEY_CODE;
}
