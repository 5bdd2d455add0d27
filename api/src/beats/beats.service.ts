import type { AudioDetail } from '@curator/shared/contract';
import type { BeatType } from '@curator/shared/domain';
import {
  deriveAudioType,
  deriveSegments,
  EP_BEAT_TOO_LONG_MESSAGE,
  isEpBeatTooLong,
  nameNewBeat,
  validateOffsetList,
} from '@curator/shared/domain';
import { ConflictException, Injectable, NotFoundException, ServiceUnavailableException } from '@nestjs/common';
import { OnEvent } from '@nestjs/event-emitter';

import { AudiosService } from '../audios/audios.service';
import { bodyFieldError } from '../common/api-errors';
import { RecentMap } from '../common/recent-map';
import { type AudioEdit, AudioEditsService } from '../locks/audio-edits.service';
import { TemplatesRepository } from '../templates/templates.repository';
import { USER_RENAMED, type UserRenamed } from '../users/user-events';
import type { BeatRecord } from './beat.schema';
import { BeatAnswer, toBeatWire } from './beat-wire';
import { BeatChanges, BeatsRepository } from './beats.repository';

export const BEAT_MESSAGES = {
  NOT_FOUND: 'Beat not found',
  STALE_VERSION: 'This beat was changed by someone else; reload it before saving',
  OTHER_AUDIO: 'A beat cannot move to another audio',
  ID_MISMATCH: 'The id does not match the path',
  AUDIO_TYPE: "Does not match the audio's type:",
  NAMING_BUSY: 'Too many beats are being named at once: try again',
  NOT_A_TEMPLATE_OF_AUDIO: 'No template of this audio has this id',
  TEMPLATE_FIXED: "A beat's template cannot change",
} as const;

/** Names a create tries before giving up: far more than the creates one audio sees at once. */
const MAX_BEAT_NAMING_ATTEMPTS = 50;

export type BeatCreate = {
  name: string;
  music_canonical_id: string;
  audio_type: string;
  done: boolean;
  type: BeatType;
  offsets: number[];
  template_clips_media_id?: string | null;
};

export type BeatUpdate = Omit<BeatCreate, 'name'> & { id?: string; name: string; version: number };

/**
 * What this process last saw of a beat: its audio (a beat never moves to another audio), and its
 * done flag at a version (a version names one state of the beat for good).
 */
type KnownBeat = { audio: string; version?: number; done?: boolean };

@Injectable()
export class BeatsService {
  /**
   * Beat id → what writes and reads saw of it: a write by beat id skips reading the beat, and a save
   * at a version seen here conditions its one write on the done flag it had then.
   */
  private readonly known = new RecentMap<string, KnownBeat>(20_000);

  constructor(
    private readonly beats: BeatsRepository,
    private readonly audios: AudiosService,
    private readonly edits: AudioEditsService,
    private readonly templates: TemplatesRepository,
  ) {}

  @OnEvent(USER_RENAMED, { suppressErrors: false })
  async renameUser({ from, to }: UserRenamed): Promise<void> {
    await this.beats.renameUser(from, to);
  }

  async list(musicCanonicalId: string): Promise<BeatAnswer[]> {
    await this.audios.assertExists(musicCanonicalId);
    const beats = await this.beats.findForAudio(musicCanonicalId);
    for (const b of beats) this.remember(b);
    return beats.map(toBeatWire);
  }

  /**
   * POST /api/beats/: an empty name becomes beat#N, distinct even among parallel creates
   * (insertAutoNamed); derived fields come from the offsets only; a new beat is not done.
   */
  create(body: BeatCreate, username: string): Promise<BeatAnswer> {
    return this.edits.run(body.music_canonical_id, username, async (edit) => {
      await this.assertTemplateOfAudio(body.template_clips_media_id ?? null, body.music_canonical_id);
      const now = new Date();
      const record = (name: string) => ({
        music_canonical_id: body.music_canonical_id,
        name,
        type: body.type,
        ...deriveBeatFields(body.offsets, edit.audio, body.audio_type, body.type),
        ...doneFields(false, username, now),
        template_clips_media_id: body.template_clips_media_id ?? null,
        version: 0,
        created_by: username,
        created_at: now,
        updated_at: now,
      });
      const made =
        body.name.trim() === ''
          ? await this.insertAutoNamed(body.music_canonical_id, record)
          : await this.beats.insert(record(nameNewBeat(body.name, 0)));
      this.follow(edit, null, made);
      this.remember(made);
      return toBeatWire(made);
    });
  }

  /**
   * A beat with an empty name becomes beat#N, N after the audio's beat count and past the names taken. The name's
   * claim is unique, so of parallel creates that picked the same N one is written and the others move on to the
   * next free N: one write each, and no turn to wait for.
   */
  private async insertAutoNamed(
    musicCanonicalId: string,
    record: (name: string) => Omit<BeatRecord, '_id' | 'name_claim'>,
  ): Promise<BeatRecord> {
    const taken = (await this.beats.findForAudio(musicCanonicalId)).map((b) => b.name);
    const count = taken.length;
    for (let attempt = 0; attempt < MAX_BEAT_NAMING_ATTEMPTS; attempt++) {
      const name = nameNewBeat('', count, taken);
      const made = await this.beats.insertClaimingName(record(name));
      if (made) return made;
      taken.push(name);
    }
    throw new ServiceUnavailableException(BEAT_MESSAGES.NAMING_BUSY);
  }

  /**
   * PUT /api/beats/{id}/: the whole beat, written only if nobody saved it since `version` (else 409), it belongs
   * to the audio the body names and keeps the template it was made from (422 otherwise); the beat is read only when
   * the write matched nothing.
   */
  async replace(id: string, body: BeatUpdate, username: string): Promise<BeatAnswer> {
    if (body.id !== undefined && body.id !== id) throw bodyFieldError('id', BEAT_MESSAGES.ID_MISMATCH, 'value_error');
    const musicCanonicalId = body.music_canonical_id;
    return this.edits.run(musicCanonicalId, username, async (edit) => {
      const audio = edit.audio;
      const now = new Date();
      const changes: BeatChanges = {
        name: body.name,
        type: body.type,
        ...deriveBeatFields(body.offsets, audio, body.audio_type, body.type),
        template_clips_media_id: body.template_clips_media_id ?? null,
        updated_at: now,
      };
      const templateClipsMediaId = body.template_clips_media_id ?? null;
      const target = { id, musicCanonicalId, version: body.version, templateClipsMediaId };
      // A save that keeps the done flag keeps who set it and when; one that flips it records the
      // change. The write is conditional on the flag it had: the one seen at this version, else the
      // one asked for; when that guess is wrong, the other is tried.
      const flipped = { ...changes, ...doneFields(body.done, username, now) };
      const seen = this.known.get(id);
      const wasDone = seen?.version === body.version && seen.done !== undefined ? seen.done : body.done;
      const attempts: Array<[boolean, BeatChanges]> = [
        [body.done, changes],
        [!body.done, flipped],
      ];
      if (wasDone !== body.done) attempts.reverse();
      let before: BeatRecord | null = null;
      let saved = changes;
      for (const [done, write] of attempts) {
        before = await this.beats.updateAtVersion({ ...target, done }, write);
        saved = write;
        if (before) break;
      }
      if (!before) {
        const current = await this.findOrThrow(id);
        if (current.music_canonical_id !== musicCanonicalId)
          throw bodyFieldError('music_canonical_id', BEAT_MESSAGES.OTHER_AUDIO, 'value_error');
        if ((current.template_clips_media_id ?? null) !== templateClipsMediaId)
          throw bodyFieldError('template_clips_media_id', BEAT_MESSAGES.TEMPLATE_FIXED, 'value_error');
        throw new ConflictException({ detail: BEAT_MESSAGES.STALE_VERSION });
      }
      const after = this.follow(edit, before, applyChanges(before, saved));
      this.remember(after);
      return toBeatWire(after);
    });
  }

  /** PATCH /api/beats/{id}/ */
  async rename(id: string, name: string, username: string): Promise<BeatAnswer> {
    return this.edits.run(await this.audioOf(id), username, async () => {
      const changes = { name, updated_at: new Date() };
      const after = applyChanges(await this.updateOrThrow(id, changes), changes);
      this.remember(after);
      return toBeatWire(after);
    });
  }

  async remove(id: string, username: string): Promise<void> {
    await this.edits.run(await this.audioOf(id), username, async (edit) => {
      const before = await this.beats.deleteById(id);
      this.known.delete(id);
      if (!before) throw new NotFoundException(BEAT_MESSAGES.NOT_FOUND);
      this.follow(edit, before, null);
    });
  }

  /**
   * POST /api/beats/{id}/toggle_beats_done/: done records who and when; not done clears them. A beat already so is left
   * as it is: marking a done beat done again does not make its approval someone else's, or a later one.
   */
  async setDone(id: string, done: boolean, username: string): Promise<{ done: boolean; version: number }> {
    return this.edits.run(await this.audioOf(id), username, async (edit) => {
      const changes = { ...doneFields(done, username, new Date()), updated_at: new Date() };
      for (let attempt = 0; attempt < 3; attempt += 1) {
        const before = await this.beats.updateIf(id, { done: !done }, changes);
        if (before) {
          const saved = this.follow(edit, before, applyChanges(before, changes));
          this.remember(saved);
          return { done: saved.done, version: saved.version };
        }
        // Already so, or gone (404), or flipped back meanwhile (again).
        const current = await this.findOrThrow(id);
        if (current.done === done) return { done, version: current.version };
      }
      throw new ConflictException({ detail: BEAT_MESSAGES.STALE_VERSION });
    });
  }

  /** A beat made from a template (a clone, its EP beats) names a template of its own audio: 422 otherwise. */
  private async assertTemplateOfAudio(templateClipsMediaId: string | null, musicCanonicalId: string): Promise<void> {
    if (templateClipsMediaId === null) return;
    const owner = (await this.templates.findOwners([templateClipsMediaId])).get(templateClipsMediaId);
    if (owner !== musicCanonicalId)
      throw bodyFieldError('template_clips_media_id', BEAT_MESSAGES.NOT_A_TEMPLATE_OF_AUDIO, 'value_error');
  }

  private async findOrThrow(id: string): Promise<BeatRecord> {
    const beat = await this.beats.findById(id);
    if (!beat) throw new NotFoundException(BEAT_MESSAGES.NOT_FOUND);
    this.remember(beat);
    return beat;
  }

  /** The audio of beat `id`: remembered, else read (404 when there is no such beat). */
  private async audioOf(id: string): Promise<string> {
    return this.known.get(id)?.audio ?? (await this.findOrThrow(id)).music_canonical_id;
  }

  private remember(beat: BeatRecord): void {
    const id = beat._id.toHexString();
    this.known.set(id, { audio: beat.music_canonical_id, version: beat.version, done: beat.done });
  }

  /** Answers the beat as it was before the changes. */
  private async updateOrThrow(id: string, changes: BeatChanges): Promise<BeatRecord> {
    const before = await this.beats.update(id, changes);
    if (!before) throw new NotFoundException(BEAT_MESSAGES.NOT_FOUND);
    return before;
  }

  /**
   * What follows one beat write (null before = created, null after = deleted): the audio's counters
   * move by the difference when the edit ends. (The approvals page reads the done beats themselves.)
   */
  private follow<T extends BeatRecord | null>(edit: AudioEdit, before: BeatRecord | null, after: T): T {
    edit.count({
      beats_done_count: countIf(after?.done) - countIf(before?.done),
      ep_template_count: countIf(after?.type === 'ep') - countIf(before?.type === 'ep'),
    });
    return after;
  }
}

const countIf = (flag: boolean | undefined) => (flag ? 1 : 0);

/** The beat as a write of `changes` left it: the version one up. */
function applyChanges(before: BeatRecord, changes: BeatChanges): BeatRecord {
  return { ...before, ...changes, version: before.version + 1 };
}

/** Derived fields of a beat's offsets; refuses offsets against the rules, and an `ep` beat over the template cap. */
function deriveBeatFields(offsets: number[], audio: AudioDetail, audioType: string, type: string) {
  const expectedType = deriveAudioType(audio.is_original_sound);
  if (audioType !== expectedType)
    throw bodyFieldError('audio_type', `${BEAT_MESSAGES.AUDIO_TYPE} ${expectedType}`, 'value_error');
  const checked = validateOffsetList(
    offsets,
    audio.is_original_sound,
    audio.highlight_start_times_in_ms,
    audio.duration_s,
  );
  if (!checked.ok) throw bodyFieldError('offsets', checked.error, 'value_error');
  const derived = deriveSegments({
    offsetsS: checked.value,
    isOriginalSound: audio.is_original_sound,
    highlightStartTimesMs: audio.highlight_start_times_in_ms,
  });
  if (type === 'ep' && isEpBeatTooLong(checked.value, derived.starting_point_in_ms))
    throw bodyFieldError('offsets', EP_BEAT_TOO_LONG_MESSAGE, 'value_error');
  return {
    audio_type: expectedType,
    offsets: checked.value,
    segments_info: derived.segments_info,
    starting_point_in_ms: derived.starting_point_in_ms,
    audio_asset_start_time_in_ms: derived.audio_asset_start_time_in_ms,
  };
}

function doneFields(done: boolean, username: string, now: Date) {
  return { done, done_at: done ? now : null, done_by: done ? username : null };
}
