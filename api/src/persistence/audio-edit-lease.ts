import { randomBytes } from 'node:crypto';

import { ConflictException } from '@nestjs/common';
import type { Collection, Connection } from 'mongoose';

import { isDuplicateKeyError } from './duplicate-key';

/** A holder that vanished (killed mid-write) blocks the audio's writes for at most this long. */
export const EDIT_LEASE_MS = 10_000;
/** How long a write waits for another instance's write on the same audio before a 409. */
const EDIT_WAIT_MS = 15_000;
const RETRY_MIN_MS = 5;
const RETRY_MAX_MS = 50;

type EditLease = { _id: string; token: string; expires_at: Date };

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * One writer per audio across every API instance: a unique `_id` insert (atomic on FerretDB v1,
 * unlike its read-then-write conditional updates) held for the length of one write.
 */
export class AudioEditLeases {
  constructor(private readonly connection: Connection) {}

  async run<T>(musicCanonicalId: string, task: () => Promise<T>): Promise<T> {
    const token = await this.acquire(musicCanonicalId);
    try {
      return await task();
    } finally {
      await this.leases()
        .deleteOne({ _id: musicCanonicalId, token })
        .catch(() => undefined);
    }
  }

  private async acquire(musicCanonicalId: string): Promise<string> {
    const token = randomBytes(12).toString('hex');
    const deadline = Date.now() + EDIT_WAIT_MS;
    for (;;) {
      const now = new Date();
      try {
        await this.leases().insertOne({
          _id: musicCanonicalId,
          token,
          expires_at: new Date(now.getTime() + EDIT_LEASE_MS),
        });
        return token;
      } catch (error) {
        if (!isDuplicateKeyError(error)) throw error;
      }
      await this.leases().deleteOne({ _id: musicCanonicalId, expires_at: { $lt: now } });
      if (Date.now() > deadline)
        throw new ConflictException({ detail: 'This audio is being changed by someone else; try again' });
      await sleep(RETRY_MIN_MS + Math.random() * (RETRY_MAX_MS - RETRY_MIN_MS));
    }
  }

  private leases(): Collection<EditLease> {
    return this.connection.collection<EditLease>('audio_edit_leases');
  }
}
