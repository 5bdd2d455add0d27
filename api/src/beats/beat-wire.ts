import type { Beat as BeatWire } from '@curator/shared/contract';

import type { BeatRecord } from './beat.schema';

/** A beat as GET/POST/PUT/PATCH answer it (the contract in shared/src/contract). */
export type BeatAnswer = BeatWire & { created_by: string; created_at: string };

export function toBeatWire(b: BeatRecord): BeatAnswer {
  return {
    id: b._id.toHexString(),
    name: b.name,
    music_canonical_id: b.music_canonical_id,
    audio_type: b.audio_type,
    done: b.done,
    offsets: b.offsets,
    segments_info: b.segments_info.map((s) => ({ duration_in_ms: s.duration_in_ms })),
    starting_point_in_ms: b.starting_point_in_ms ?? null,
    audio_asset_start_time_in_ms: b.audio_asset_start_time_in_ms ?? null,
    type: b.type,
    template_clips_media_id: b.template_clips_media_id ?? null,
    version: b.version,
    created_by: b.created_by,
    created_at: b.created_at.toISOString(),
  };
}
