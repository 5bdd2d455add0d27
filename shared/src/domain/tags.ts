import { trimText } from '../contract/wire-values';

/** Tag text as stored: trimmed of spaces and invisible characters at either end. */
export function normalizeTagText(text: string): string {
  return trimText(text);
}

/** Invisible characters that separate nothing: zero-width space, word joiner, byte-order mark, soft hyphen. */
const INVISIBLE_SEPARATORS = /[\u200B\u2060\uFEFF\u00AD]/g;

/**
 * The spelling a new tag is made in: normalizeTagText, with each run of spaces (a no-break space too) one space and
 * the invisible separators left out, so that no new tag looks like one on record ('summer  2024', 'b\u200Bad'). The
 * joiners (U+200C, U+200D) stay: scripts and emoji sequences need them. Tags on record keep their spelling.
 */
export function canonicalTagText(text: string): string {
  return normalizeTagText(normalizeTagText(text).replace(INVISIBLE_SEPARATORS, '').replace(/\s+/gu, ' '));
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
