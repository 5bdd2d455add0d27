import type { BeatRecord } from './beat.schema';

/**
 * Emitted (and awaited) by the beats after every write that changes a beat's done state or a done
 * beat: its facts at `version` (null facts: deleted), and its audio's facts as the edit read them.
 * The approvals read model keeps its rows from it.
 */
export const BEAT_APPROVAL_CHANGED = 'beat.approval-changed';
export type BeatApprovalChanged = {
  id: string;
  version: number;
  facts: BeatApprovalFacts | null;
  audio: { audio_name: string; artist_name: string; tag_keys: string[] };
};

/** What a done beat contributes to the approvals page. */
export type BeatApprovalFacts = {
  id: string;
  music_canonical_id: string;
  done: boolean;
  done_at: Date | null;
  done_by: string | null;
  segments_info: ReadonlyArray<{ duration_in_ms: number }>;
};

export function toBeatApprovalFacts(b: BeatRecord): BeatApprovalFacts {
  return {
    id: b._id.toHexString(),
    music_canonical_id: b.music_canonical_id,
    done: b.done,
    done_at: b.done_at,
    done_by: b.done_by,
    segments_info: b.segments_info,
  };
}
