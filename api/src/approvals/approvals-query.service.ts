import type { ApprovalDetail, ApprovalPage, ApprovalSource } from '@curator/shared/contract';
import { deriveCloneOffsets } from '@curator/shared/domain';
import { Injectable, NotFoundException, OnApplicationBootstrap } from '@nestjs/common';

import { AudiosService } from '../audios/audios.service';
import { toBeatApprovalFacts } from '../beats/beat-events';
import { BeatsRepository } from '../beats/beats.repository';
import { BeatsService } from '../beats/beats.service';
import { TemplateApprovalsService } from '../template-approvals/template-approvals.service';
import { toTemplateApprovalFacts } from '../template-approvals/template-events';
import { approvalRowId } from './approval.schema';
import { ApprovalRowsService } from './approval-rows.service';

export const APPROVAL_NOT_FOUND_MESSAGE = 'Approval not found';
const REBUILD_PAGE = 500;

/** A row that differs from its source: shown when it should not be, or missing or behind when it should. */
export type RowMismatch = {
  src: ApprovalSource;
  ref_id: string;
  /** The source's version the row shows (null: not shown), and the one it should show (null: none). */
  shown: number | null;
  due: number | null;
};

type SourceTiming = Pick<ApprovalDetail, 'offsets' | 'segments_info' | 'audio_asset_start_time_in_ms'>;

/** GET /api/approvals/ and its detail; rebuilds the read model when it is empty but approvals exist (imports). */
@Injectable()
export class ApprovalsQueryService implements OnApplicationBootstrap {
  constructor(
    private readonly rows: ApprovalRowsService,
    private readonly audios: AudiosService,
    private readonly beats: BeatsService,
    private readonly beatRecords: BeatsRepository,
    private readonly templates: TemplateApprovalsService,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    if (!(await this.rows.hasAny())) await this.rebuild();
  }

  list(skip: number, tags: string[]): Promise<ApprovalPage> {
    return this.rows.list(skip, tags);
  }

  /** A row of the page with what the approvals player needs, read fresh from its beat or template and audio. */
  async detail(src: ApprovalSource, id: string): Promise<ApprovalDetail> {
    const row = await this.rows.findRow(src, id);
    const timing = row && (src === 'beat' ? await this.readBeatTiming(id) : await this.readTemplateTiming(id));
    if (!row || !timing) throw new NotFoundException(APPROVAL_NOT_FOUND_MESSAGE);
    const audio = await this.audios.detail(row.music_canonical_id);
    return {
      ...row,
      audio_name: audio.audio_name,
      artist_name: audio.artist_name,
      eps: audio.eps,
      media: audio.media,
      is_original_sound: audio.is_original_sound,
      highlight_start_times_in_ms: audio.highlight_start_times_in_ms,
      ...timing,
    };
  }

  /** Rows for every done beat and approved template (after an import wrote approvals directly). */
  async rebuild(): Promise<void> {
    for (let after: string | null = null; ;) {
      const page = await this.beats.findDoneFacts(after, REBUILD_PAGE);
      await this.rows.putMany(page, []);
      if (page.length < REBUILD_PAGE) break;
      after = page[page.length - 1].id;
    }
    for (let after: string | null = null; ;) {
      const page = await this.templates.findApprovedFacts(after, REBUILD_PAGE);
      await this.rows.putMany([], page);
      if (page.length < REBUILD_PAGE) break;
      after = page[page.length - 1].template_clips_media_id;
    }
  }

  /**
   * The rows that differ from their sources: a done beat or approved template whose row is missing
   * or shows another version, and rows shown for a source no longer done or approved. A process
   * killed between a source's write and its row's leaves one; rows imported without a version
   * count as current.
   */
  async rowMismatches(): Promise<RowMismatch[]> {
    const [shown, doneBeats] = await Promise.all([this.rows.shownVersions(), this.beatRecords.findDoneVersions()]);
    const due = new Map<string, { src: ApprovalSource; ref_id: string; version: number }>();
    for (const [id, version] of doneBeats) due.set(approvalRowId('beat', id), { src: 'beat', ref_id: id, version });
    for (let after: string | null = null; ;) {
      const page = await this.templates.findApprovedFacts(after, REBUILD_PAGE);
      for (const t of page) {
        const ref = t.template_clips_media_id;
        due.set(approvalRowId('template', ref), { src: 'template', ref_id: ref, version: t.version });
      }
      if (page.length < REBUILD_PAGE) break;
      after = page[page.length - 1].template_clips_media_id;
    }
    const out: RowMismatch[] = [];
    for (const [rowId, source] of due) {
      const row = shown.get(rowId);
      if (!row || (row.version !== null && row.version !== source.version))
        out.push({ src: source.src, ref_id: source.ref_id, shown: row ? row.version : null, due: source.version });
    }
    for (const [rowId, row] of shown)
      if (!due.has(rowId)) out.push({ src: row.src, ref_id: row.ref_id, shown: row.version ?? 0, due: null });
    return out;
  }

  /** Rewrites each row from its source as it is now, with the versions every row write is conditional on. */
  async correctRows(mismatches: RowMismatch[]): Promise<void> {
    for (const m of mismatches) {
      if (m.src === 'beat') {
        const beat = await this.beatRecords.findById(m.ref_id);
        if (beat?.done) await this.rows.followBeat(toBeatApprovalFacts(beat), beat.version);
        else await this.rows.removeRow('beat', m.ref_id, beat ? beat.version : Number.MAX_SAFE_INTEGER);
        continue;
      }
      const template = await this.templates.findTemplate(m.ref_id);
      const facts = template && toTemplateApprovalFacts(template);
      if (facts?.approved === true) await this.rows.syncTemplate(facts);
      else await this.rows.removeRow('template', m.ref_id, facts ? facts.version : Number.MAX_SAFE_INTEGER);
    }
  }

  private async readBeatTiming(id: string): Promise<SourceTiming | null> {
    const beat = await this.beatRecords.findById(id);
    return (
      beat && {
        offsets: beat.offsets,
        segments_info: beat.segments_info.map((s) => ({ duration_in_ms: s.duration_in_ms })),
        audio_asset_start_time_in_ms: beat.audio_asset_start_time_in_ms ?? null,
      }
    );
  }

  /** A template's offsets are its boundaries after the start, as a clone would take them. */
  private async readTemplateTiming(id: string): Promise<SourceTiming | null> {
    const t = await this.templates.findTemplate(id);
    if (!t) return null;
    const segments_info = t.segments_info.map((s) => ({ duration_in_ms: s.duration_in_ms }));
    const offsets = deriveCloneOffsets({
      startMs: t.audio_asset_start_time_in_ms ?? null,
      segmentDurationsMs: segments_info.map((s) => s.duration_in_ms),
    });
    return { offsets, segments_info, audio_asset_start_time_in_ms: t.audio_asset_start_time_in_ms ?? null };
  }
}
