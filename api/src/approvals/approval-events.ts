import type { TemplateRecord } from '../templates/template.schema';

/**
 * What the approvals page is told, awaited by the writer: a beat's done state (null when the beat
 * was deleted) and a template's approval. The approvals read model keeps its rows from them.
 */
export const BEAT_APPROVAL_CHANGED = 'beat.approval-changed';
export type BeatApprovalChanged = { id: string; facts: BeatApprovalFacts | null };

export const TEMPLATE_APPROVAL_CHANGED = 'template.approval-changed';
export type TemplateApprovalChanged = TemplateApprovalFacts;

/** What a done beat contributes to the approvals page. */
export type BeatApprovalFacts = {
  id: string;
  music_canonical_id: string;
  done: boolean;
  done_at: Date | null;
  done_by: string | null;
  segments_info: ReadonlyArray<{ duration_in_ms: number }>;
};

/** What an approved template contributes to the approvals page. */
export type TemplateApprovalFacts = {
  template_clips_media_id: string;
  music_canonical_id: string;
  approved: boolean | null;
  approved_at: Date | null;
  approved_by: string | null;
  segments_count: number;
  segments_length_ms: number;
};

export function toTemplateApprovalFacts(t: TemplateRecord): TemplateApprovalFacts {
  return {
    template_clips_media_id: t.template_clips_media_id,
    music_canonical_id: t.music_canonical_id,
    approved: t.approved ?? null,
    approved_at: t.approved_at ?? null,
    approved_by: t.approved_by ?? null,
    segments_count: t.segments_count,
    segments_length_ms: t.segments_length_ms,
  };
}
