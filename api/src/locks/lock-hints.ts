import { Injectable } from '@nestjs/common';

import { RecentMap } from '../common/recent-map';

/**
 * What this process last saw of who holds which audio's lock: a hint that picks the cheaper road
 * for a lock request or an edit, never a reason to allow one. Every road checks the lock in the
 * database; a wrong hint costs one command more.
 */
@Injectable()
export class LockHints {
  /**
   * Audio id → the holder this process saw take or refresh its lock, and until when; null when it
   * saw the lock cleared or found someone not holding it. No entry: this process saw nothing of it
   * (another API process served the lock).
   */
  private readonly seen = new RecentMap<string, { username: string; until: number } | null>(10_000);

  /** True when this process saw `username` take or refresh the lock, which should still run at `now`. */
  holds(musicCanonicalId: string, username: string, now: Date): boolean {
    return this.seenHolding(musicCanonicalId, username, now) === true;
  }

  /** Like `holds`, but undefined when this process saw nothing of the audio's lock. */
  seenHolding(musicCanonicalId: string, username: string, now: Date): boolean | undefined {
    if (!this.seen.has(musicCanonicalId)) return undefined;
    const held = this.seen.get(musicCanonicalId);
    return held?.username === username && held.until > now.getTime();
  }

  held(musicCanonicalId: string, username: string, until: Date): void {
    this.seen.set(musicCanonicalId, { username, until: until.getTime() });
  }

  /** The lock is gone. */
  released(musicCanonicalId: string): void {
    this.seen.set(musicCanonicalId, null);
  }

  /** `username` does not hold it (an edit or refresh found so). */
  notHeld(musicCanonicalId: string, username: string): void {
    const held = this.seen.get(musicCanonicalId);
    if (!held || held.username === username) this.seen.set(musicCanonicalId, null);
  }
}
