import { ConflictException, Injectable, NotFoundException, OnModuleInit } from '@nestjs/common';
import type { AudioDetail } from '@curator/shared/contract';
import type { BeatType } from '@curator/shared/domain';
import { deriveAudioType, deriveSegments, nameNewBeat, validateOffsetList } from '@curator/shared/domain';
import { ApprovalRowsService } from '../approvals/approval-rows.service';
import { AudiosService } from '../audios/audios.service';
import { bodyFieldError } from '../common/api-errors';
import { UsersService } from '../users/users.service';
import { AudioEditsService } from './audio-edits.service';
import type { BeatRecord } from './beat.schema';
import { BeatAnswer, toBeatWire } from './beat-wire';
import { BeatChanges, BeatsRepository } from './beats.repository';

export const BEAT_MESSAGES = {
  NOT_FOUND: 'Beat not found',
  STALE_VERSION: 'This beat was changed by someone else; reload it before saving',
  OTHER_AUDIO: 'A beat cannot move to another audio',
  ID_MISMATCH: 'The id does not match the path',
} as const;

export type BeatCreate = {
  name: string;
  music_canonical_id: string;
  done: boolean;
  type: BeatType;
  offsets: number[];
  template_clips_media_id?: string | null;
};

export type BeatUpdate = Omit<BeatCreate, 'name'> & { id?: string; name: string; version: number };

@Injectable()
export class BeatsService implements OnModuleInit {
  constructor(
    private readonly beats: BeatsRepository,
    private readonly audios: AudiosService,
    private readonly edits: AudioEditsService,
    private readonly approvals: ApprovalRowsService,
    private readonly users: UsersService,
  ) {}

  onModuleInit(): void {
    this.users.onRenamed((from, to) => this.beats.renameUser(from, to));
  }

  async list(musicCanonicalId: string): Promise<BeatAnswer[]> {
    await this.audios.detail(musicCanonicalId);
    return (await this.beats.findForAudio(musicCanonicalId)).map(toBeatWire);
  }

  /** POST /api/beats/: an empty name becomes beat#N; derived fields come from the offsets only. */
  create(body: BeatCreate, username: string): Promise<BeatAnswer> {
    return this.edits.run(body.music_canonical_id, username, async () => {
      const audio = await this.audios.detail(body.music_canonical_id);
      const now = new Date();
      const made = await this.beats.insert({
        music_canonical_id: body.music_canonical_id,
        name: nameNewBeat(body.name, await this.beats.countForAudio(body.music_canonical_id)),
        type: body.type,
        ...deriveBeatFields(body.offsets, audio),
        ...doneFields(body.done, username, now),
        template_clips_media_id: body.template_clips_media_id ?? null,
        version: 0,
        created_by: username,
        created_at: now,
        updated_at: now,
      });
      await this.approvals.syncBeat(toApprovalFacts(made));
      return toBeatWire(made);
    });
  }

  /** PUT /api/beats/{id}/: the whole beat, written only if nobody saved it since `version` (else 409). */
  async replace(id: string, body: BeatUpdate, username: string): Promise<BeatAnswer> {
    if (body.id !== undefined && body.id !== id) throw bodyFieldError('id', BEAT_MESSAGES.ID_MISMATCH, 'value_error');
    const current = await this.findOrThrow(id);
    if (body.music_canonical_id !== current.music_canonical_id) throw bodyFieldError('music_canonical_id', BEAT_MESSAGES.OTHER_AUDIO, 'value_error');
    return this.edits.run(current.music_canonical_id, username, async () => {
      const audio = await this.audios.detail(current.music_canonical_id);
      const now = new Date();
      const changes: BeatChanges = {
        name: body.name,
        type: body.type,
        ...deriveBeatFields(body.offsets, audio),
        template_clips_media_id: body.template_clips_media_id ?? null,
        updated_at: now,
        ...(body.done !== current.done ? doneFields(body.done, username, now) : {}),
      };
      const saved = await this.beats.updateAtVersion(id, body.version, changes);
      if (!saved) {
        if (!(await this.beats.findById(id))) throw new NotFoundException(BEAT_MESSAGES.NOT_FOUND);
        throw new ConflictException({ detail: BEAT_MESSAGES.STALE_VERSION });
      }
      await this.approvals.syncBeat(toApprovalFacts(saved));
      return toBeatWire(saved);
    });
  }

  /** PATCH /api/beats/{id}/ */
  async rename(id: string, name: string, username: string): Promise<BeatAnswer> {
    const current = await this.findOrThrow(id);
    return this.edits.run(
      current.music_canonical_id,
      username,
      async () => toBeatWire(await this.updateOrThrow(id, { name, updated_at: new Date() })),
      { recount: false },
    );
  }

  async remove(id: string, username: string): Promise<void> {
    const current = await this.findOrThrow(id);
    await this.edits.run(current.music_canonical_id, username, async () => {
      if (!(await this.beats.deleteById(id))) throw new NotFoundException(BEAT_MESSAGES.NOT_FOUND);
      await this.approvals.removeBeat(id);
    });
  }

  /** POST /api/beats/{id}/toggle_beats_done/: done records who and when; not done clears them. */
  async setDone(id: string, done: boolean, username: string): Promise<{ done: boolean; version: number }> {
    const current = await this.findOrThrow(id);
    return this.edits.run(current.music_canonical_id, username, async () => {
      const saved = await this.updateOrThrow(id, { ...doneFields(done, username, new Date()), updated_at: new Date() });
      await this.approvals.syncBeat(toApprovalFacts(saved));
      return { done: saved.done, version: saved.version };
    });
  }

  findById(id: string): Promise<BeatRecord | null> {
    return this.beats.findById(id);
  }

  countAllDone(): Promise<number> {
    return this.beats.countAllDone();
  }

  /** Done beats as approvals facts, a page at a time (rebuild of the read model). */
  async findDoneFacts(afterId: string | null, limit: number): Promise<ReturnType<typeof toApprovalFacts>[]> {
    const after = afterId ? (await this.beats.findById(afterId))?._id ?? null : null;
    return (await this.beats.findDonePage(after, limit)).map(toApprovalFacts);
  }

  private async findOrThrow(id: string): Promise<BeatRecord> {
    const beat = await this.beats.findById(id);
    if (!beat) throw new NotFoundException(BEAT_MESSAGES.NOT_FOUND);
    return beat;
  }

  private async updateOrThrow(id: string, changes: BeatChanges): Promise<BeatRecord> {
    const saved = await this.beats.update(id, changes);
    if (!saved) throw new NotFoundException(BEAT_MESSAGES.NOT_FOUND);
    return saved;
  }
}

/** Offsets checked with the music rule (422 with its exact message) and everything derived from them. */
function deriveBeatFields(offsets: number[], audio: AudioDetail) {
  const checked = validateOffsetList(offsets, audio.is_original_sound, audio.highlight_start_times_in_ms);
  if (!checked.ok) throw bodyFieldError('offsets', checked.error, 'value_error');
  const derived = deriveSegments({ offsetsS: checked.value, isOriginalSound: audio.is_original_sound, highlightStartTimesMs: audio.highlight_start_times_in_ms });
  return {
    audio_type: deriveAudioType(audio.is_original_sound),
    offsets: checked.value,
    segments_info: derived.segments_info,
    starting_point_in_ms: derived.starting_point_in_ms,
    audio_asset_start_time_in_ms: derived.audio_asset_start_time_in_ms,
  };
}

function doneFields(done: boolean, username: string, now: Date) {
  return { done, done_at: done ? now : null, done_by: done ? username : null };
}

function toApprovalFacts(b: BeatRecord) {
  return { id: b._id.toHexString(), music_canonical_id: b.music_canonical_id, done: b.done, done_at: b.done_at, done_by: b.done_by, segments_info: b.segments_info };
}
