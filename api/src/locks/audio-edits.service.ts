import type { AudioDetail } from '@curator/shared/contract';
import { formatLockedBy } from '@curator/shared/domain';
import { HttpException, HttpStatus, Injectable, NotFoundException } from '@nestjs/common';

import { deriveLockState, toAudioDetail } from '../audios/audio-view';
import { AudiosRepository, type AudioView, type BeatCounts, type EditDelta } from '../audios/audios.repository';
import { AUDIO_NOT_FOUND_MESSAGE } from '../audios/audios.service';
import { CatalogCountersService } from '../audios/catalog-counters.service';
import { CatalogFiguresRepository } from '../audios/catalog-figures.repository';
import { LockClock } from './lock-clock';
import { LockHints } from './lock-hints';
import { LocksRepository } from './locks.repository';

/** One write to an audio under way: the audio as it began, and the beat figures it moves when it ends. */
export type AudioEdit = {
  readonly audio: AudioDetail;
  /** Adds to the audio's beat figures, written when the edit ends. */
  count(delta: BeatCounts): void;
  /** Marks the edit as changing what the catalog recount derives, so recounts begun before it count again. */
  countRecount(): void;
};

/**
 * How long the editor's own lock must still run for a write to skip counting itself as under way:
 * far longer than a write takes, far shorter than the 30 s a lock lasts between refreshes.
 */
const HELD_LOCK_MARGIN_MS = 5_000;

function startEdit(view: AudioView, now: Date): { edit: AudioEdit; delta: EditDelta } {
  const delta: EditDelta = { beats_done_count: 0, ep_template_count: 0, recount_writes: 0 };
  const edit: AudioEdit = {
    audio: toAudioDetail(view, now),
    count: (d) => {
      delta.beats_done_count += d.beats_done_count;
      delta.ep_template_count += d.ep_template_count;
    },
    countRecount: () => {
      delta.recount_writes = 1;
    },
  };
  return { edit, delta };
}

/**
 * The road for writes to an audio's beats, ending points and template approvals. When the editor
 * holds the audio's lock (the workspace takes it before editing), the write goes straight on: no
 * one else can take a live lock. Otherwise an edit begins with one conditional write on the audio
 * that is refused (423) while another user holds a live lock and counts the edit as under way, so
 * taking the lock waits for it (LocksService.take); it ends with one write that uncounts it. Either
 * way the beat figures move by what the edit changed, with one `$inc` when they moved.
 *
 * A template approval changes figures recomputed from all of the audio's templates, a rule that
 * spans documents, so those writes then recount the audio (`runRecounting`): the recount stores its
 * figures only if no other recounting write ended since it began, and counts again otherwise.
 */
@Injectable()
export class AudioEditsService {
  constructor(
    private readonly audios: AudiosRepository,
    private readonly figures: CatalogFiguresRepository,
    private readonly locks: LocksRepository,
    private readonly counters: CatalogCountersService,
    private readonly clock: LockClock,
    private readonly hints: LockHints,
  ) {}

  async run<T>(musicCanonicalId: string, username: string, write: (edit: AudioEdit) => Promise<T>): Promise<T> {
    const now = this.clock.now();
    // Read first when the editor seems to hold the lock, or when this process saw nothing of it (another
    // API process served the lock): the read is one command; counting the edit as under way costs two writes.
    const seen = this.hints.seenHolding(musicCanonicalId, username, new Date(now.getTime() + HELD_LOCK_MARGIN_MS));
    if (seen !== false) {
      const current = await this.audios.findViewByMusicId(musicCanonicalId);
      if (!current) throw new NotFoundException(AUDIO_NOT_FOUND_MESSAGE);
      // The editor holds the lock for a while yet: nobody else can take it before this write lands.
      if (
        current.locked_by === username &&
        current.lock_expires_at &&
        current.lock_expires_at.getTime() > now.getTime() + HELD_LOCK_MARGIN_MS
      ) {
        this.hints.held(musicCanonicalId, username, current.lock_expires_at);
        const { edit, delta } = startEdit(current, now);
        const result = await write(edit);
        await this.figures.moveBeatCounts(musicCanonicalId, delta);
        return result;
      }
      this.hints.notHeld(musicCanonicalId, username);
    }
    const view = await this.locks.beginEdit(musicCanonicalId, username, now);
    if (!view) throw await this.refusal(musicCanonicalId, now);
    const { edit, delta } = startEdit(view, now);
    try {
      return await write(edit);
    } finally {
      // The edit ends: no longer under way, and the figures move.
      await this.figures.moveBeatCounts(musicCanonicalId, delta, -1);
    }
  }

  runRecounting<T>(musicCanonicalId: string, username: string, write: (edit: AudioEdit) => Promise<T>): Promise<T> {
    return this.run(musicCanonicalId, username, async (edit) => {
      const result = await write(edit);
      edit.countRecount();
      return result;
    }).then(async (result) => {
      await this.counters.recount([musicCanonicalId]);
      return result;
    });
  }

  /** Why an edit could not begin: the audio is missing (404) or someone else holds a live lock (423). */
  private async refusal(musicCanonicalId: string, now: Date): Promise<HttpException> {
    const state = await this.locks.findLockState(musicCanonicalId);
    if (!state) return new NotFoundException(AUDIO_NOT_FOUND_MESSAGE);
    const holder = deriveLockState(state, now).locked_by ?? 'another user';
    return new HttpException({ detail: formatLockedBy(holder) }, HttpStatus.LOCKED);
  }
}
