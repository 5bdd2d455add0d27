/** Skip from the URL: a whole number ≥ 0, else 0. */
export function readSkip(params: URLSearchParams): number {
  const value = Number(params.get('skip') ?? '0');
  return Number.isInteger(value) && value > 0 ? value : 0;
}

/** A search string from entries, leaving out empty values; lists repeat their key. */
export function buildSearch(entries: Record<string, string | number | readonly string[] | undefined>): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(entries)) {
    if (value === undefined || value === '') continue;
    if (Array.isArray(value)) value.forEach((item) => search.append(key, item));
    else search.append(key, String(value));
  }
  const text = search.toString();
  return text === '' ? '' : `?${text}`;
}
