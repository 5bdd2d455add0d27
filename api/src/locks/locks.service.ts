import type { LockState } from '@curator/shared/contract';
import { formatLockedBy, LOCK_EXPIRY_MS } from '@curator/shared/domain';
import { ConflictException, HttpException, HttpStatus, Injectable, OnModuleInit } from '@nestjs/common';

import { AudiosService } from '../audios/audios.service';
import { UsersService } from '../users/users.service';
import { LockClock } from './lock-clock';
import type { LockLeaseRecord } from './lock-lease.schema';
import { LocksRepository } from './locks.repository';

/** Lost insert races in a row before giving up (each loss means someone else moved the lock). */
const MAX_ATTEMPTS = 5;

const UNLOCKED: LockState = { locked: false, locked_by: null };

/** The holder of a live lock, or null when the lock is free or expired. */
export function findLiveHolder(lease: LockLeaseRecord | null, now: Date): string | null {
  if (!lease?.holder || !lease.expires_at) return null;
  return lease.expires_at.getTime() > now.getTime() ? lease.holder : null;
}

/**
 * The audio lock of docs/rules.md "Audio lock and concurrent edits": taken or refreshed for LOCK_EXPIRY_MS, cleared by anyone, and
 * the one place that refuses an edit while someone else holds a live lock.
 */
@Injectable()
export class LocksService implements OnModuleInit {
  constructor(
    private readonly leases: LocksRepository,
    private readonly audios: AudiosService,
    private readonly users: UsersService,
    private readonly clock: LockClock,
  ) {}

  onModuleInit(): void {
    this.users.onRenamed(async (from, to) => {
      await this.leases.renameHolder(from, to);
      await this.audios.renameLockHolder(from, to);
    });
  }

  /** POST /api/audio/{id}/lock/: takes a free or expired lock, refreshes one's own, else 409. */
  async take(musicCanonicalId: string, username: string): Promise<LockState> {
    await this.audios.detail(musicCanonicalId);
    for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt++) {
      const current = await this.leases.findCurrent(musicCanonicalId);
      const now = this.clock.now();
      const holder = findLiveHolder(current, now);
      if (holder !== null && holder !== username) throw new ConflictException({ detail: formatLockedBy(holder) });
      const expiresAt = new Date(now.getTime() + LOCK_EXPIRY_MS);
      if (await this.moveTo(musicCanonicalId, current, username, expiresAt, now))
        return { locked: true, locked_by: username };
    }
    throw new ConflictException({
      detail: formatLockedBy((await this.currentHolder(musicCanonicalId)) ?? 'another user'),
    });
  }

  /** POST /api/audio/{id}/unlock/: any logged-in user may clear the lock (docs/screens.md: Unlock, then take it). */
  async release(musicCanonicalId: string): Promise<LockState> {
    await this.audios.detail(musicCanonicalId);
    for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt++) {
      const current = await this.leases.findCurrent(musicCanonicalId);
      if (current === null || current.holder === null) return UNLOCKED;
      if (await this.moveTo(musicCanonicalId, current, null, null, this.clock.now())) return UNLOCKED;
    }
    return UNLOCKED;
  }

  /** Holder of the audio's live lock, or null. */
  async currentHolder(musicCanonicalId: string): Promise<string | null> {
    return findLiveHolder(await this.leases.findCurrent(musicCanonicalId), this.clock.now());
  }

  /**
   * Refuses (423) a write to the audio's beats, ending points or approvals while another user
   * holds a live lock. With no live lock the write goes through: the workspace takes the lock
   * before editing, and the approvals page edits without one.
   */
  async assertEditable(musicCanonicalId: string, username: string): Promise<void> {
    const holder = await this.currentHolder(musicCanonicalId);
    if (holder !== null && holder !== username)
      throw new HttpException({ detail: formatLockedBy(holder) }, HttpStatus.LOCKED);
  }

  /** Inserts the next generation; false when another writer moved the lock first. */
  private async moveTo(
    musicCanonicalId: string,
    current: LockLeaseRecord | null,
    holder: string | null,
    expiresAt: Date | null,
    now: Date,
  ): Promise<boolean> {
    const gen = (current?.gen ?? 0) + 1;
    if (!(await this.leases.insertGeneration(musicCanonicalId, gen, holder, expiresAt, now))) return false;
    // The audio's copy only feeds the list and detail; the lease generations decide.
    await this.audios.mirrorLockState(musicCanonicalId, holder, expiresAt);
    await this.leases.pruneBefore(musicCanonicalId, gen);
    return true;
  }
}
