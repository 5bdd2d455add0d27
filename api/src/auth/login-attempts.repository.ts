import { Injectable } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import type { Model } from 'mongoose';

import { LoginAttempt } from './login-attempt.schema';

@Injectable()
export class LoginAttemptsRepository {
  constructor(@InjectModel(LoginAttempt.name) private readonly attempts: Model<LoginAttempt>) {}

  countSince(key: string, since: Date): Promise<number> {
    return this.attempts.countDocuments({ key, at: { $gt: since } }).exec();
  }

  async recordFailure(keys: string[], at: Date): Promise<void> {
    await this.attempts.insertMany(keys.map((key) => ({ key, at })));
  }

  async clearKey(key: string): Promise<void> {
    await this.attempts.deleteMany({ key }).exec();
  }

  async deleteOlderThan(before: Date): Promise<number> {
    return (await this.attempts.deleteMany({ at: { $lte: before } }).exec()).deletedCount;
  }
}
