import type { AudioDetail, AudioListItem } from '@curator/shared/contract';

import type { AudioView } from './audios.repository';

/** Media length in seconds (2 decimals) from the stored milliseconds. */
const toDurationS = (ms: number | null | undefined): number | null =>
  typeof ms === 'number' ? Math.round(ms / 10) / 100 : null;

/** Lock state as the wire shows it: only a lock that has not expired counts. */
export function deriveLockState(
  a: Pick<AudioView, 'locked_by' | 'lock_expires_at'>,
  now: Date,
): { locked: boolean; locked_by: string | null } {
  const live = Boolean(a.locked_by && a.lock_expires_at && a.lock_expires_at.getTime() > now.getTime());
  return { locked: live, locked_by: live ? a.locked_by : null };
}

/** One row of GET /api/audio/ (the contract in shared/src/contract). */
export function toAudioListItem(a: AudioView, now: Date): AudioListItem {
  return {
    id: a.music_canonical_id,
    audio_id: a.audio_id,
    audio_name: a.audio_name,
    artist_name: a.artist_name,
    media: a.media_url ?? null,
    is_original_sound: a.is_original_sound,
    beat_and_template_approved: a.beat_and_template_approved ?? 0,
    template_count_available: a.template_count_available ?? 0,
    reel_count: a.reel_count ?? 0,
    eps: a.eps ?? [],
    ep_template_count: a.ep_template_count ?? 0,
    trendlist: (a.trendlist ?? null) as AudioListItem['trendlist'],
    first_seen_at: a.track_meta?.first_seen_at ? a.track_meta.first_seen_at.toISOString() : null,
    ...deriveLockState(a, now),
    tags: a.tags ?? [],
    stem_status: a.stem_status ?? null,
    peaks_url: a.peaks_url ?? null,
    duration_s: toDurationS(a.duration_ms),
  };
}

/** GET /api/audio/{id}/ (the contract in shared/src/contract). */
export function toAudioDetail(a: AudioView, now: Date): AudioDetail {
  return {
    id: a.music_canonical_id,
    audio_id: a.audio_id,
    audio_name: a.audio_name,
    is_original_sound: a.is_original_sound,
    artist_name: a.artist_name,
    media: a.media_url ?? null,
    highlight_start_times_in_ms: a.highlight_start_times_in_ms ?? [],
    eps: a.eps ?? [],
    stem_status: a.stem_status ?? null,
    stem_tracks: (a.stem_tracks ?? []).map((t) => ({ type: t.type, url: t.url, peaks_url: t.peaks_url ?? null })),
    tags: a.tags ?? [],
    ...deriveLockState(a, now),
    peaks_url: a.peaks_url ?? null,
    duration_s: toDurationS(a.duration_ms),
  };
}
