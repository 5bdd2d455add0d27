import type { AudioListQuery } from '@curator/shared/contract';
import { deriveTagKey, STEM_STATUS_READY } from '@curator/shared/domain';

type Condition = Record<string, unknown>;
export type AudioListFilter = { $and: Condition[] } | Record<string, never>;
export type AudioListSort = Record<string, 1 | -1>;

/** Characters with a meaning in a regular expression, escaped so the text matches literally. */
export function escapeRegex(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** Inclusive range on a field; null when neither bound is set. */
export function range(field: string, min: number | Date | undefined, max: number | Date | undefined): Condition | null {
  if (min === undefined && max === undefined) return null;
  const bounds: Condition = {};
  if (min !== undefined) bounds.$gte = min;
  if (max !== undefined) bounds.$lte = max;
  return { [field]: bounds };
}

/** Largest clips count a template may have (the import refuses more). */
export const TEMPLATE_CLIPS_COUNT_MAX = 1000;

/**
 * "Template clips count": at least one available template whose clips count is in range. With
 * both bounds this lists the whole numbers of the range: FerretDB v1 evaluates `$elemMatch` on
 * an array of numbers like two separate conditions, which would also match [2, 30] for 5–10.
 */
function clipsCountCondition(min: number | undefined, max: number | undefined): Condition | null {
  if (min === undefined && max === undefined) return null;
  if (min === undefined || max === undefined) return range('available_clips_counts', min, max);
  const top = Math.min(max, TEMPLATE_CLIPS_COUNT_MAX);
  const values = Array.from({ length: Math.max(0, top - min + 1) }, (_, i) => min + i);
  return { available_clips_counts: { $in: values } };
}

function typeConditions(q: AudioListQuery): Condition[] {
  const out: Condition[] = [];
  if (q.audio_type !== 'all') out.push({ is_original_sound: q.audio_type === 'original_sound' });
  if (q.trendlist !== 'all') out.push({ trendlist: q.trendlist });
  if (q.has_stem === true) out.push({ stem_status: STEM_STATUS_READY });
  if (q.has_stem === false) out.push({ stem_status: { $ne: STEM_STATUS_READY } });
  if (q.has_eps === true) out.push({ 'eps.0': { $exists: true } });
  if (q.has_eps === false) out.push({ 'eps.0': { $exists: false } });
  return out;
}

/** The MongoDB filter of GET /api/audio/: every given filter ANDed, min/max inclusive. */
export function buildAudioListFilter(q: AudioListQuery): AudioListFilter {
  const conditions: Array<Condition | null> = [
    ...typeConditions(q),
    range('reel_count', q.reel_count_min, q.reel_count_max),
    range('duration_ms', q.media_length_ms_min, q.media_length_ms_max),
    range('template_count_available', q.available_templates_min, q.available_templates_max),
    range('templates_approved_count', q.approved_templates_min, q.approved_templates_max),
    clipsCountCondition(q.template_clips_count_min, q.template_clips_count_max),
    range('track_meta.first_seen_at', q.created_from, q.created_to),
    q.q ? { search_key: { $regex: escapeRegex(q.q.toLowerCase()) } } : null,
    ...q.tags.map((tag) => ({ tag_keys: deriveTagKey(tag) })),
  ];
  const all = conditions.filter((c): c is Condition => c !== null);
  return all.length ? { $and: all } : {};
}

/** Sort of the list, with the id as tie-breaker so pages never overlap. */
export function buildAudioListSort(q: Pick<AudioListQuery, 'sort_by' | 'sort_dir'>): AudioListSort {
  const dir = q.sort_dir === 'asc' ? 1 : -1;
  const field = q.sort_by === 'growth' ? 'growth' : 'track_meta.first_seen_at';
  return { [field]: dir, music_canonical_id: dir };
}
