import type { ApprovalPage, ApprovalRow, ApprovalSource } from '@curator/shared/contract';
import { deriveTagKey, PAGE_SIZE, sumSegmentDurationsMs } from '@curator/shared/domain';
import { Injectable } from '@nestjs/common';
import { OnEvent } from '@nestjs/event-emitter';

import { AUDIO_TAGS_CHANGED, type AudioTagsChanged } from '../audios/audio-events';
import { AudiosService } from '../audios/audios.service';
import { BEAT_APPROVAL_CHANGED, type BeatApprovalChanged, type BeatApprovalFacts } from '../beats/beat-events';
import {
  TEMPLATE_APPROVAL_CHANGED,
  type TemplateApprovalChanged,
  type TemplateApprovalFacts,
  toTemplateApprovalFacts,
} from '../template-approvals/template-events';
import { TemplatesRepository } from '../templates/templates.repository';
import { USER_RENAMED, type UserRenamed } from '../users/user-events';
import { ApprovalRecord, approvalRowId } from './approval.schema';
import { ApprovalsRepository, filterByTags, PAGE_SORT } from './approvals.repository';

const SYNC_CHUNK = 500;

type RowBody = Omit<ApprovalRecord, 'audio_name' | 'artist_name' | 'tag_keys' | 'source_version' | 'removed'>;

/** A done beat's row on the approvals page, less its audio's facts. */
function beatRowBody(b: BeatApprovalFacts): RowBody {
  return {
    _id: approvalRowId('beat', b.id),
    src: 'beat',
    ref_id: b.id,
    music_canonical_id: b.music_canonical_id,
    template_clips_media_id: null,
    segments_count: b.segments_info.length,
    segments_length_ms: sumSegmentDurationsMs(b.segments_info),
    approval_date: b.done_at,
    approval_by: b.done_by,
  };
}

/** An approved template's row on the approvals page, less its audio's facts. */
function templateRowBody(t: TemplateApprovalFacts): RowBody {
  return {
    _id: approvalRowId('template', t.template_clips_media_id),
    src: 'template',
    ref_id: t.template_clips_media_id,
    music_canonical_id: t.music_canonical_id,
    template_clips_media_id: t.template_clips_media_id,
    segments_count: t.segments_count,
    segments_length_ms: t.segments_length_ms,
    approval_date: t.approved_at,
    approval_by: t.approved_by,
  };
}

export function toApprovalRow(r: ApprovalRecord): ApprovalRow {
  return {
    src: r.src,
    id: r.ref_id,
    music_canonical_id: r.music_canonical_id,
    template_clips_media_id: r.template_clips_media_id ?? null,
    audio_name: r.audio_name,
    artist_name: r.artist_name,
    segments_count: r.segments_count,
    segments_length_ms: r.segments_length_ms,
    approval_date: r.approval_date ? r.approval_date.toISOString() : null,
    approval_by: r.approval_by ?? null,
  };
}

/** Keeps the approvals read model: callers report every change of a beat's done flag or a template's approval. */
@Injectable()
export class ApprovalRowsService {
  constructor(
    private readonly rows: ApprovalsRepository,
    private readonly audios: AudiosService,
    private readonly templates: TemplatesRepository,
  ) {}

  /**
   * An audio's rows take its new tags. A row inserted at the same moment with the tags read just
   * before may keep them: rows carry their audio's facts only when inserted, and the
   * reconciliation (start-up, or on demand) brings any row that differs back in line.
   */
  @OnEvent(AUDIO_TAGS_CHANGED, { suppressErrors: false })
  async copyTags(change: AudioTagsChanged): Promise<void> {
    if ('removedTagKey' in change) await this.rows.removeTagKey(change.removedTagKey);
    else await this.rows.setTagKeys(change.musicCanonicalId, change.tagKeys);
  }

  @OnEvent(USER_RENAMED, { suppressErrors: false })
  async renameApprover({ from, to }: UserRenamed): Promise<void> {
    await this.rows.renameApprover(from, to);
  }

  /** One command: the row follows the beat's newest version, whichever write reaches it first. */
  @OnEvent(BEAT_APPROVAL_CHANGED, { suppressErrors: false })
  async syncBeat({ id, version, facts, audio }: BeatApprovalChanged): Promise<void> {
    if (!facts?.done) return this.rows.removeAtVersion(approvalRowId('beat', id), version);
    await this.rows.upsertAtVersion({ ...beatRowBody(facts), ...audio, source_version: version });
  }

  /** One conditional write: the row follows the template's newest approval, whichever write reaches it first. */
  @OnEvent(TEMPLATE_APPROVAL_CHANGED, { suppressErrors: false })
  async syncTemplate(t: TemplateApprovalChanged): Promise<void> {
    const id = approvalRowId('template', t.template_clips_media_id);
    if (t.approved !== true) return this.rows.removeAtVersion(id, t.version);
    const body = templateRowBody(t);
    await this.rows.upsertAtVersion({
      ...body,
      ...(await this.readAudioFacts(body.music_canonical_id)),
      source_version: t.version,
    });
  }

  /** The row of one beat at `version`, with its audio's facts read now (the reconciliation). */
  async followBeat(facts: BeatApprovalFacts, version: number): Promise<void> {
    const audio = await this.readAudioFacts(facts.music_canonical_id).catch(() => null);
    if (!audio) return this.rows.removeAtVersion(approvalRowId('beat', facts.id), version);
    await this.syncBeat({ id: facts.id, version, facts, audio });
  }

  /** Takes a row off the page unless its source wrote a later version meanwhile (the reconciliation). */
  removeRow(src: ApprovalSource, refId: string, version: number): Promise<void> {
    return this.rows.removeAtVersion(approvalRowId(src, refId), version);
  }

  /** Every row on the page with the version of its source it shows, as stored now. */
  async shownVersions(): Promise<Map<string, { src: ApprovalSource; ref_id: string; version: number | null }>> {
    const shown = new Map<string, { src: ApprovalSource; ref_id: string; version: number | null }>();
    for (const row of await this.rows.findShownSources())
      shown.set(row._id, { src: row.src, ref_id: row.ref_id, version: row.source_version ?? null });
    return shown;
  }

  /** Rows of many sources at once (rebuilds); the audios' facts are read once per audio. */
  async putMany(beats: BeatApprovalFacts[], templates: TemplateApprovalFacts[]): Promise<void> {
    const facts = new Map<string, Awaited<ReturnType<ApprovalRowsService['readAudioFacts']>>>();
    for (const id of new Set([...beats, ...templates].map((s) => s.music_canonical_id))) {
      // A source whose audio is gone has no row to show.
      const audioFacts = await this.readAudioFacts(id).catch(() => null);
      if (audioFacts) facts.set(id, audioFacts);
    }
    const rows: ApprovalRecord[] = [];
    const hasAudio = (s: { music_canonical_id: string }) => facts.has(s.music_canonical_id);
    const bodies = [
      ...beats.filter((b) => b.done).map(beatRowBody),
      ...templates.filter((t) => t.approved === true).map(templateRowBody),
    ];
    for (const body of bodies.filter(hasAudio)) rows.push({ ...body, ...facts.get(body.music_canonical_id)! });
    await this.rows.upsertMany(rows);
  }

  /**
   * Brings the template rows of these audios in line with their templates, after writes that set
   * approvals without this service (the import command, the demo seed): approved ones get their
   * row, the others lose theirs.
   */
  async syncTemplatesOfAudios(musicCanonicalIds: Iterable<string>): Promise<void> {
    const ids = [...new Set(musicCanonicalIds)];
    for (let i = 0; i < ids.length; i += SYNC_CHUNK) {
      const chunk = ids.slice(i, i + SYNC_CHUNK);
      const approved = (await this.templates.findApprovedOfAudios(chunk)).map(toTemplateApprovalFacts);
      await this.putMany([], approved);
      await this.rows.deleteTemplateRowsOfAudiosExcept(
        chunk,
        approved.map((t) => approvalRowId('template', t.template_clips_media_id)),
      );
    }
  }

  hasAny(): Promise<boolean> {
    return this.rows.hasAny();
  }

  /** GET /api/approvals/: newest approval first, PAGE_SIZE per page, audios carrying every tag. */
  async list(skip: number, tags: string[]): Promise<ApprovalPage> {
    const keys = [...new Set(tags.map(deriveTagKey))];
    const { rows, total } = await this.rows.list.page(filterByTags(keys), PAGE_SORT, skip, PAGE_SIZE);
    return { results: rows.map(toApprovalRow), total };
  }

  /** Loads the in-memory page ahead of the first request, where the page is kept in memory. */
  async warmList(): Promise<void> {
    await this.rows.list.warm();
  }

  async findRow(src: ApprovalSource, refId: string): Promise<ApprovalRow | null> {
    const row = await this.rows.findById(approvalRowId(src, refId));
    return row && toApprovalRow(row);
  }

  private async readAudioFacts(
    musicCanonicalId: string,
  ): Promise<Pick<ApprovalRecord, 'audio_name' | 'artist_name' | 'tag_keys'>> {
    const audio = await this.audios.detail(musicCanonicalId);
    return { audio_name: audio.audio_name, artist_name: audio.artist_name, tag_keys: audio.tags.map(deriveTagKey) };
  }
}
