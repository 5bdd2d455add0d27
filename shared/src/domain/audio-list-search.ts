import type { AudioListQueryParams } from '../contract/audio';
import { AUDIO_SORT_FIELDS, AUDIO_TYPE_FILTERS, SORT_DIRECTIONS, TREND_LIST_FILTERS } from '../contract/wire-values';
import { normalizeTagList } from './tags';

// The audio list page's address: its filters and page are its query string. The list screen reads
// and writes it; the API reads it too, to preload the list a page will ask for (first-reads.ts).

/** The list's route; its filters and page are the query string. */
export const AUDIO_LIST_PATH = '/audios/';

export const RANGE_FILTERS = [
  'reel_count',
  'media_length_ms',
  'available_templates',
  'approved_templates',
  'template_clips_count',
] as const;
export type RangeFilter = (typeof RANGE_FILTERS)[number];
export type RangeKey = `${RangeFilter}_min` | `${RangeFilter}_max`;

/** Filters of the audio list as the form and the URL hold them; dates are ISO instants (UTC). */
export type AudioFilters = {
  audio_type: (typeof AUDIO_TYPE_FILTERS)[number];
  trendlist: (typeof TREND_LIST_FILTERS)[number];
  has_stem: boolean;
  has_eps: boolean;
  created_from?: string;
  created_to?: string;
  q?: string;
  tags: string[];
  sort_by: (typeof AUDIO_SORT_FIELDS)[number];
  sort_dir: (typeof SORT_DIRECTIONS)[number];
} & Partial<Record<RangeKey, number>>;

export const DEFAULT_AUDIO_FILTERS: AudioFilters = {
  audio_type: 'all',
  trendlist: 'all',
  has_stem: false,
  has_eps: false,
  tags: [],
  sort_by: 'created_at',
  sort_dir: 'desc',
};

export const RANGE_KEYS: RangeKey[] = RANGE_FILTERS.flatMap((name) => [`${name}_min`, `${name}_max`] as RangeKey[]);

function readEnum<const T extends readonly string[]>(values: T, text: string | null, fallback: T[number]): T[number] {
  return text !== null && (values as readonly string[]).includes(text) ? text : fallback;
}

function readCount(text: string | null): number | undefined {
  return text !== null && /^\d+$/.test(text.trim()) ? Number(text) : undefined;
}

function readInstant(text: string | null): string | undefined {
  if (!text) return undefined;
  const time = Date.parse(text);
  return Number.isNaN(time) ? undefined : new Date(time).toISOString();
}

/** What the page's query string asks for: its filters and skip, and the text of each bound that is not a count. */
export type AudioListSearch = { filters: AudioFilters; skip: number; unreadBounds: Partial<Record<RangeKey, string>> };

/**
 * Filters and skip from the page's query string; unreadable values fall back to no filter. A min/max bound that is
 * not a whole number ≥ 0 is also kept as it was written (`unreadBounds`), for the form to show at its box what is
 * wrong, as it does with a bound typed there.
 */
export function parseAudioListSearch(search: URLSearchParams): AudioListSearch {
  const filters: AudioFilters = {
    audio_type: readEnum(AUDIO_TYPE_FILTERS, search.get('audio_type'), 'all'),
    trendlist: readEnum(TREND_LIST_FILTERS, search.get('trendlist'), 'all'),
    has_stem: search.get('has_stem') === 'true',
    has_eps: search.get('has_eps') === 'true',
    created_from: readInstant(search.get('created_from')),
    created_to: readInstant(search.get('created_to')),
    q: search.get('q')?.trim() || undefined,
    tags: normalizeTagList(search.getAll('tags')),
    sort_by: readEnum(AUDIO_SORT_FIELDS, search.get('sort_by'), 'created_at'),
    sort_dir: readEnum(SORT_DIRECTIONS, search.get('sort_dir'), 'desc'),
  };
  const unreadBounds: AudioListSearch['unreadBounds'] = {};
  for (const key of RANGE_KEYS) {
    const text = search.get(key);
    const value = readCount(text);
    if (value !== undefined) filters[key] = value;
    else if (text?.trim()) unreadBounds[key] = text;
  }
  return { filters, skip: readCount(search.get('skip')) ?? 0, unreadBounds };
}

/** Query string of the page for these filters; defaults are left out so `/audios/` is the unfiltered list. */
export function buildAudioListSearch(filters: AudioFilters, skip = 0): URLSearchParams {
  const search = new URLSearchParams();
  if (filters.audio_type !== 'all') search.set('audio_type', filters.audio_type);
  for (const key of RANGE_KEYS) {
    const value = filters[key];
    if (value !== undefined && value !== null) search.set(key, String(value));
  }
  if (filters.trendlist !== 'all') search.set('trendlist', filters.trendlist);
  if (filters.has_stem) search.set('has_stem', 'true');
  if (filters.has_eps) search.set('has_eps', 'true');
  if (filters.created_from) search.set('created_from', filters.created_from);
  if (filters.created_to) search.set('created_to', filters.created_to);
  if (filters.q?.trim()) search.set('q', filters.q.trim());
  normalizeTagList(filters.tags).forEach((tag) => search.append('tags', tag));
  if (filters.sort_by !== 'created_at') search.set('sort_by', filters.sort_by);
  if (filters.sort_dir !== 'desc') search.set('sort_dir', filters.sort_dir);
  if (skip > 0) search.set('skip', String(skip));
  return search;
}

/** Arguments of GET /api/audio/: only the filters in use, plus skip. */
export function toAudioListQuery(filters: AudioFilters, skip: number): AudioListQueryParams {
  const query: AudioListQueryParams = { skip, sort_by: filters.sort_by, sort_dir: filters.sort_dir };
  if (filters.audio_type !== 'all') query.audio_type = filters.audio_type;
  if (filters.trendlist !== 'all') query.trendlist = filters.trendlist;
  for (const key of RANGE_KEYS) if (filters[key] != null) query[key] = filters[key];
  if (filters.has_stem) query.has_stem = true;
  if (filters.has_eps) query.has_eps = true;
  if (filters.created_from) query.created_from = filters.created_from;
  if (filters.created_to) query.created_to = filters.created_to;
  if (filters.q) query.q = filters.q;
  if (filters.tags.length > 0) query.tags = filters.tags;
  return query;
}
