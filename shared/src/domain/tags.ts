import { trimText } from '../contract/wire-values';

/** Tag text as stored: trimmed of spaces and invisible characters at either end. */
export function normalizeTagText(text: string): string {
  return trimText(text);
}

/** Key that makes tags unique case-insensitively. */
export function deriveTagKey(text: string): string {
  return normalizeTagText(text).toLowerCase();
}

/** Tag list without blanks and case-insensitive duplicates (first spelling kept). */
export function normalizeTagList(tags: readonly string[]): string[] {
  const seen = new Set<string>();
  const result: string[] = [];
  for (const tag of tags.map(normalizeTagText)) {
    const key = tag.toLowerCase();
    if (tag === '' || seen.has(key)) continue;
    seen.add(key);
    result.push(tag);
  }
  return result;
}

/** True when the list carries the tag, compared case-insensitively. */
export function hasTag(tags: readonly string[], tag: string): boolean {
  const key = deriveTagKey(tag);
  return tags.some((t) => deriveTagKey(t) === key);
}

/** Quick toggle: removes the tag when present (any case), else appends it. */
export function toggleTag(tags: readonly string[], tag: string): string[] {
  const key = deriveTagKey(tag);
  return hasTag(tags, tag) ? tags.filter((t) => deriveTagKey(t) !== key) : normalizeTagList([...tags, tag]);
}
