import type { LockState } from '@curator/shared/contract';
import { formatLockedBy, LOCK_EXPIRY_MS } from '@curator/shared/domain';
import { ConflictException, Injectable, NotFoundException } from '@nestjs/common';
import { OnEvent } from '@nestjs/event-emitter';

import { deriveLockState } from '../audios/audio-view';
import { AUDIO_NOT_FOUND_MESSAGE } from '../audios/audios.service';
import { USER_RENAMED, type UserRenamed } from '../users/user-events';
import { LockClock } from './lock-clock';
import { LockHints } from './lock-hints';
import { LocksRepository } from './locks.repository';

/** An edit counted as under way for longer than this was left by a writer that stopped mid-edit. */
export const EDIT_STALE_MS = 10_000;
/** How long taking a lock waits for other users' edits under way to finish before a 409. */
const EDITS_WAIT_MS = 3_000;
const RETRY_MS = 10;

export const BUSY_MESSAGE = 'This audio is being changed by someone else; try again';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * The audio lock of docs/rules.md "Audio lock and concurrent edits", kept on the audio document:
 * taken or refreshed for LOCK_EXPIRY_MS, cleared by anyone. Taking it is one conditional write that
 * also waits out other users' edits under way (AudioEditsService counts them), so a lock and a
 * write by someone else never both succeed.
 */
@Injectable()
export class LocksService {
  constructor(
    private readonly locks: LocksRepository,
    private readonly clock: LockClock,
    private readonly hints: LockHints,
  ) {}

  @OnEvent(USER_RENAMED, { suppressErrors: false })
  async renameHolder({ from, to }: UserRenamed): Promise<void> {
    await this.locks.renameLockHolder(from, to);
  }

  /**
   * POST /api/audio/{id}/lock/: takes a free or expired lock, refreshes one's own, else 409. The
   * workspace refreshes every 10 s: when this process saw the user hold the lock, a refresh is
   * tried first, one write that moves only the expiry.
   */
  async take(musicCanonicalId: string, username: string): Promise<LockState> {
    const first = this.clock.now();
    if (this.hints.holds(musicCanonicalId, username, first)) {
      const expiresAt = new Date(first.getTime() + LOCK_EXPIRY_MS);
      if (await this.locks.refreshLock(musicCanonicalId, username, first, expiresAt)) {
        this.hints.held(musicCanonicalId, username, expiresAt);
        return { locked: true, locked_by: username };
      }
      this.hints.notHeld(musicCanonicalId, username);
    }
    const deadline = Date.now() + EDITS_WAIT_MS;
    for (;;) {
      const now = this.clock.now();
      const expiresAt = new Date(now.getTime() + LOCK_EXPIRY_MS);
      const staleBefore = new Date(now.getTime() - EDIT_STALE_MS);
      if (await this.locks.takeLock(musicCanonicalId, username, now, expiresAt, staleBefore)) {
        this.hints.held(musicCanonicalId, username, expiresAt);
        return { locked: true, locked_by: username };
      }
      const state = await this.locks.findLockState(musicCanonicalId);
      if (!state) throw new NotFoundException(AUDIO_NOT_FOUND_MESSAGE);
      const { locked_by: holder } = deriveLockState(state, now);
      if (holder !== null && holder !== username) throw new ConflictException({ detail: formatLockedBy(holder) });
      // Someone else's edit is under way: it takes milliseconds (a stopped writer's count goes stale).
      if (Date.now() > deadline) throw new ConflictException({ detail: BUSY_MESSAGE });
      await sleep(RETRY_MS);
    }
  }

  /** POST /api/audio/{id}/unlock/: any logged-in user may clear the lock (docs/screens.md: Unlock, then take it). */
  async release(musicCanonicalId: string): Promise<LockState> {
    this.hints.released(musicCanonicalId);
    if (!(await this.locks.clearLock(musicCanonicalId))) throw new NotFoundException(AUDIO_NOT_FOUND_MESSAGE);
    return { locked: false, locked_by: null };
  }
}
