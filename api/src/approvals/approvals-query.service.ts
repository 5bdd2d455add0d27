import type { ApprovalDetail, ApprovalPage, ApprovalSource } from '@curator/shared/contract';
import { deriveCloneOffsets } from '@curator/shared/domain';
import { Injectable, NotFoundException, OnApplicationBootstrap } from '@nestjs/common';

import { AudiosService } from '../audios/audios.service';
import { BeatsRepository } from '../beats/beats.repository';
import { BeatsService } from '../beats/beats.service';
import { TemplateApprovalsService } from '../template-approvals/template-approvals.service';
import { ApprovalRowsService } from './approval-rows.service';

export const APPROVAL_NOT_FOUND_MESSAGE = 'Approval not found';
const REBUILD_PAGE = 500;

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
