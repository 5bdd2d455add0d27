import type { ApprovalDetail, ApprovalPage, ApprovalRow, ApprovalSource } from '@curator/shared/contract';
import { deriveCloneOffsets, deriveTagKey, PAGE_SIZE, sumSegmentDurationsMs } from '@curator/shared/domain';
import { Injectable, NotFoundException } from '@nestjs/common';

import { AudiosService } from '../audios/audios.service';
import { BeatsRepository, type DoneBeatRow } from '../beats/beats.repository';
import {
  type ApprovedTemplateRow,
  TemplateApprovalsRepository,
} from '../template-approvals/template-approvals.repository';

export const APPROVAL_NOT_FOUND_MESSAGE = 'Approval not found';

/** A row of the page before its audio's name and artist are added. */
type Unnamed = Omit<ApprovalRow, 'audio_name' | 'artist_name'>;

/** The row's place in the page: newest approval first, then the higher `{src}:{id}` (pages never overlap). */
type Ranked = { row: Unnamed; date: number; key: string };

function beatRow(b: DoneBeatRow): Ranked {
  const id = b._id.toHexString();
  return {
    row: {
      src: 'beat',
      id,
      music_canonical_id: b.music_canonical_id,
      template_clips_media_id: null,
      segments_count: b.segments_info.length,
      segments_length_ms: sumSegmentDurationsMs(b.segments_info),
      approval_date: b.done_at ? b.done_at.toISOString() : null,
      approval_by: b.done_by ?? null,
    },
    date: b.done_at ? b.done_at.getTime() : -Infinity,
    key: `beat:${id}`,
  };
}

function templateRow(t: ApprovedTemplateRow): Ranked {
  return {
    row: {
      src: 'template',
      id: t.template_clips_media_id,
      music_canonical_id: t.music_canonical_id,
      template_clips_media_id: t.template_clips_media_id,
      segments_count: t.segments_count,
      segments_length_ms: t.segments_length_ms,
      approval_date: t.approved_at ? t.approved_at.toISOString() : null,
      approval_by: t.approved_by ?? null,
    },
    date: t.approved_at ? t.approved_at.getTime() : -Infinity,
    key: `template:${t.template_clips_media_id}`,
  };
}

const newestFirst = (a: Ranked, b: Ranked) => b.date - a.date || (a.key < b.key ? 1 : a.key > b.key ? -1 : 0);

/**
 * GET /api/approvals/ and its detail: the done beats and the approved templates, read where they
 * live (no copy to keep in step), each kind in its own list in the same order, merged.
 */
@Injectable()
export class ApprovalsService {
  constructor(
    private readonly audios: AudiosService,
    private readonly beats: BeatsRepository,
    private readonly templates: TemplateApprovalsRepository,
  ) {}

  /** Newest approval first, PAGE_SIZE per page, of the audios carrying every tag. */
  async list(skip: number, tags: string[]): Promise<ApprovalPage> {
    const keys = [...new Set(tags.map(deriveTagKey))];
    const filter = keys.length ? { music_canonical_id: { $in: await this.audios.idsCarryingTags(keys) } } : {};
    // The page is within the first skip + PAGE_SIZE of the two lists merged.
    const [beats, templates] = await Promise.all([
      this.beats.doneList.page(filter, { done_at: -1, _id: -1 }, 0, skip + PAGE_SIZE),
      this.templates.approvedList.page(filter, { approved_at: -1, template_clips_media_id: -1 }, 0, skip + PAGE_SIZE),
    ]);
    const ranked = [...beats.rows.map(beatRow), ...templates.rows.map(templateRow)].sort(newestFirst);
    const rows = ranked.slice(skip, skip + PAGE_SIZE).map((r) => r.row);
    const names = await this.audios.namesOf([...new Set(rows.map((r) => r.music_canonical_id))]);
    return {
      results: rows.map((r) => ({ ...r, ...(names.get(r.music_canonical_id) ?? { audio_name: '', artist_name: '' }) })),
      total: beats.total + templates.total,
    };
  }

  /** A row of the page with what the approvals player needs, read from its beat or template and audio. */
  async detail(src: ApprovalSource, id: string): Promise<ApprovalDetail> {
    const found = src === 'beat' ? await this.beatDetail(id) : await this.templateDetail(id);
    if (!found) throw new NotFoundException(APPROVAL_NOT_FOUND_MESSAGE);
    const audio = await this.audios.detail(found.row.music_canonical_id);
    return {
      ...found.row,
      audio_name: audio.audio_name,
      artist_name: audio.artist_name,
      eps: audio.eps,
      media: audio.media,
      is_original_sound: audio.is_original_sound,
      highlight_start_times_in_ms: audio.highlight_start_times_in_ms,
      ...found.timing,
    };
  }

  /** Loads the page's lists ahead of the first request, where they are kept in memory. */
  async warm(): Promise<void> {
    await Promise.all([this.beats.doneList.warm(), this.templates.approvedList.warm()]);
  }

  private async beatDetail(id: string) {
    const beat = await this.beats.findById(id);
    if (!beat?.done) return null;
    return {
      row: beatRow(beat).row,
      timing: {
        offsets: beat.offsets,
        segments_info: beat.segments_info.map((s) => ({ duration_in_ms: s.duration_in_ms })),
        audio_asset_start_time_in_ms: beat.audio_asset_start_time_in_ms ?? null,
      },
    };
  }

  /** A template's offsets are its boundaries after the start, as a clone would take them. */
  private async templateDetail(id: string) {
    const t = await this.templates.findOne(id);
    if (t?.approved !== true) return null;
    const segments_info = t.segments_info.map((s) => ({ duration_in_ms: s.duration_in_ms }));
    const offsets = deriveCloneOffsets({
      startMs: t.audio_asset_start_time_in_ms ?? null,
      segmentDurationsMs: segments_info.map((s) => s.duration_in_ms),
    });
    return {
      row: templateRow(t).row,
      timing: { offsets, segments_info, audio_asset_start_time_in_ms: t.audio_asset_start_time_in_ms ?? null },
    };
  }
}
