import type { TemplateRecord } from '../templates/template.schema';

/** Emitted (and awaited) by the template approvals after a template's approval changed. */
export const TEMPLATE_APPROVAL_CHANGED = 'template.approval-changed';
export type TemplateApprovalChanged = TemplateApprovalFacts;

/** What an approved template contributes to the approvals page. */
export type TemplateApprovalFacts = {
  template_clips_media_id: string;
  music_canonical_id: string;
  approved: boolean | null;
  approved_at: Date | null;
  approved_by: string | null;
  segments_count: number;
  segments_length_ms: number;
  /** The template's approval version (0 for one never approved through the API). */
  version: number;
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
    version: t.approval_version ?? 0,
  };
}
