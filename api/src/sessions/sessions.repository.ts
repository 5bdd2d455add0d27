import { Injectable } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import type { Model } from 'mongoose';

import { Session } from './session.schema';

const FIELDS = {
  _id: 0,
  token_hash: 1,
  username: 1,
  display_username: 1,
  admin: 1,
  created_at: 1,
  last_seen_at: 1,
  expires_at: 1,
} as const;

@Injectable()
export class SessionsRepository {
  constructor(@InjectModel(Session.name) private readonly sessions: Model<Session>) {}

  async insert(session: Session): Promise<void> {
    await this.sessions.create(session);
  }

  findLiveByTokenHash(tokenHash: string, now: Date): Promise<Session | null> {
    return this.sessions
      .findOne({ token_hash: tokenHash, expires_at: { $gt: now } }, FIELDS)
      .lean<Session>()
      .exec();
  }

  async extend(tokenHash: string, lastSeenAt: Date, expiresAt: Date): Promise<void> {
    await this.sessions
      .updateOne({ token_hash: tokenHash }, { $set: { last_seen_at: lastSeenAt, expires_at: expiresAt } })
      .exec();
  }

  async deleteByTokenHash(tokenHash: string): Promise<void> {
    await this.sessions.deleteOne({ token_hash: tokenHash }).exec();
  }

  async deleteAllForUser(username: string, keepTokenHash?: string): Promise<number> {
    const filter = keepTokenHash ? { username, token_hash: { $ne: keepTokenHash } } : { username };
    return (await this.sessions.deleteMany(filter).exec()).deletedCount;
  }

  /** Moves every session of user `from` to the key `to` and the user's current name and admin flag. */
  async setUser(from: string, to: string, user: { username: string; admin: boolean }): Promise<void> {
    await this.sessions
      .updateMany({ username: from }, { $set: { username: to, display_username: user.username, admin: user.admin } })
      .exec();
  }

  async deleteExpired(now: Date): Promise<number> {
    return (await this.sessions.deleteMany({ expires_at: { $lte: now } }).exec()).deletedCount;
  }
}
