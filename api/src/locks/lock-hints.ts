import { Injectable } from '@nestjs/common';

/** How many (audio, user) pairs one process remembers. */
const KEEP = 10_000;

/**
 * What this process last saw of who holds which audio's lock: a hint that picks the cheaper road
 * for a lock request or an edit, never a reason to allow one. Every road checks the lock in the
 * database; a wrong hint costs one command more.
 */
@Injectable()
export class LockHints {
  private readonly heldUntil = new Map<string, number>();

  /** True when this process saw `username` take or refresh the lock, which should still run at `now`. */
  holds(musicCanonicalId: string, username: string, now: Date): boolean {
    return (this.heldUntil.get(key(musicCanonicalId, username)) ?? 0) > now.getTime();
  }

  held(musicCanonicalId: string, username: string, until: Date): void {
    const k = key(musicCanonicalId, username);
    this.heldUntil.delete(k);
    this.heldUntil.set(k, until.getTime());
    // Maps keep insertion order: the first key is the one seen longest ago.
    if (this.heldUntil.size > KEEP) this.heldUntil.delete(this.heldUntil.keys().next().value!);
  }

  /** The lock is gone or someone else's: forget every holder this process saw. */
  released(musicCanonicalId: string): void {
    for (const k of this.heldUntil.keys()) if (k.startsWith(`${musicCanonicalId}\u0000`)) this.heldUntil.delete(k);
  }

  /** `username` does not hold it (an edit or refresh found so). */
  notHeld(musicCanonicalId: string, username: string): void {
    this.heldUntil.delete(key(musicCanonicalId, username));
  }
}

const key = (musicCanonicalId: string, username: string) => `${musicCanonicalId}\u0000${username}`;
