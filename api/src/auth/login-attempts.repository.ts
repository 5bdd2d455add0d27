import { Injectable } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import type { Model } from 'mongoose';

import { LoginAttempt } from './login-attempt.schema';

export type KeyAttempts = { attempt: string; state: 'pending' | 'failed'; at: Date };

@Injectable()
export class LoginAttemptsRepository {
  constructor(@InjectModel(LoginAttempt.name) private readonly attempts: Model<LoginAttempt>) {}

  /** Records one pending attempt under each key, in one write. */
  async reserve(attempt: string, keys: string[], at: Date): Promise<void> {
    await this.attempts.insertMany(keys.map((key) => ({ key, at, attempt, state: 'pending' })));
  }

  /** Every attempt (pending or failed) under a key since a time. */
  since(key: string, since: Date): Promise<KeyAttempts[]> {
    return this.attempts
      .find({ key, at: { $gt: since } }, { _id: 0, attempt: 1, state: 1, at: 1 })
      .lean<KeyAttempts[]>()
      .exec();
  }

  async markFailed(attempt: string): Promise<void> {
    await this.attempts.updateMany({ attempt }, { $set: { state: 'failed' } }).exec();
  }

  async release(attempt: string): Promise<void> {
    await this.attempts.deleteMany({ attempt }).exec();
  }

  async clearKey(key: string): Promise<void> {
    await this.attempts.deleteMany({ key, state: 'failed' }).exec();
  }

  async deleteOlderThan(before: Date): Promise<number> {
    return (await this.attempts.deleteMany({ at: { $lte: before } }).exec()).deletedCount;
  }
}
