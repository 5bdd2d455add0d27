export type ValidationEntry = { loc: readonly (string | number)[]; msg: string; type?: string };

function isValidationEntry(value: unknown): value is ValidationEntry {
  const entry = value as Partial<ValidationEntry> | null;
  return typeof entry === 'object' && entry !== null && Array.isArray(entry.loc) && typeof entry.msg === 'string';
}

/** One entry as the client shows it: loc joined with '.', then ' - ', then the message. */
export function formatValidationEntry(entry: ValidationEntry): string {
  return `${entry.loc.join('.')} - ${entry.msg}`;
}

/**
 * Lines for an error body's `detail`: one 'loc - msg' per validation entry, or the text itself
 * when detail is a string; anything else gives no line.
 */
export function formatValidationDetail(detail: unknown): string[] {
  if (typeof detail === 'string') return [detail];
  if (!Array.isArray(detail)) return [];
  return detail.filter(isValidationEntry).map(formatValidationEntry);
}
