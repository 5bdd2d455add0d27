import { Injectable } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import type { Model, Types } from 'mongoose';

import { ListQueries, type ListQuery } from '../persistence/list-query';
import { Session } from './session.schema';

const FIELDS = {
  _id: 1,
  token_hash: 1,
  username: 1,
  display_username: 1,
  admin: 1,
  created_at: 1,
  last_seen_at: 1,
  expires_at: 1,
} as const;

export type StoredSession = Session & { _id: Types.ObjectId };

@Injectable()
export class SessionsRepository {
  /** Every session, looked up by token hash; kept in memory where lists are, so a request costs no read of its own. */
  private readonly byTokenHash: ListQuery<StoredSession>;

  constructor(
    @InjectModel(Session.name) private readonly sessions: Model<Session>,
    lists: ListQueries,
  ) {
    this.byTokenHash = lists.of<StoredSession>(sessions, { fields: FIELDS, idField: '_id', keyField: 'token_hash' });
  }

  async insert(session: Session): Promise<void> {
    await this.sessions.create(session);
  }

  async findLiveByTokenHash(tokenHash: string, now: Date): Promise<StoredSession | null> {
    const session = await this.byTokenHash.byKey(tokenHash);
    return session && session.expires_at > now ? session : null;
  }

  warm(): Promise<void> {
    return this.byTokenHash.warm();
  }

  async extend(id: Types.ObjectId, lastSeenAt: Date, expiresAt: Date): Promise<void> {
    await this.sessions.updateOne({ _id: id }, { $set: { last_seen_at: lastSeenAt, expires_at: expiresAt } }).exec();
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
