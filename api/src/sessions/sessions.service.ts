import { createHash, randomBytes } from 'node:crypto';

import { Inject, Injectable, OnModuleDestroy, OnModuleInit } from '@nestjs/common';

import { APP_CONFIG } from '../config/config.module';
import type { AppConfig } from '../config/env.schema';
import { SessionsRepository } from './sessions.repository';

/** Sliding expiry is written at most once a minute per session, not on every request. */
const TOUCH_INTERVAL_MS = 60 * 1000;
const PURGE_INTERVAL_MS = 10 * 60 * 1000;

/** A live session: the user's key, the user as requests see them (null on sessions older than that copy). */
export type ResolvedSession = {
  username: string;
  user: { username: string; admin: boolean } | null;
  expiresAt: Date;
  extended: boolean;
};

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

@Injectable()
export class SessionsService implements OnModuleInit, OnModuleDestroy {
  private purgeTimer?: NodeJS.Timeout;

  constructor(
    private readonly sessions: SessionsRepository,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  onModuleInit(): void {
    this.purgeTimer = setInterval(() => void this.purgeExpired().catch(() => undefined), PURGE_INTERVAL_MS);
    this.purgeTimer.unref();
  }

  onModuleDestroy(): void {
    clearInterval(this.purgeTimer);
  }

  /** When a session seen at `seenAt` and started at `createdAt` ends: idle limit, capped by the absolute one. */
  private expiry(createdAt: Date, seenAt: Date): Date {
    return new Date(
      Math.min(
        seenAt.getTime() + this.config.SESSION_IDLE_TIMEOUT * 1000,
        createdAt.getTime() + this.config.SESSION_MAX_AGE * 1000,
      ),
    );
  }

  /** Starts a session for a user; the returned token goes into the cookie and nowhere else. */
  async create(user: { username: string; admin: boolean }): Promise<{ token: string; expiresAt: Date }> {
    const token = randomBytes(32).toString('base64url');
    const now = new Date();
    const expiresAt = this.expiry(now, now);
    await this.sessions.insert({
      token_hash: hashToken(token),
      username: user.username.trim().toLowerCase(),
      display_username: user.username,
      admin: user.admin,
      created_at: now,
      last_seen_at: now,
      expires_at: expiresAt,
    });
    return { token, expiresAt };
  }

  /**
   * The live session of a cookie token, or null. Its end moves forward with each request (the idle
   * limit) but never past its login plus the absolute limit.
   */
  async resolve(token: string): Promise<ResolvedSession | null> {
    const tokenHash = hashToken(token);
    const now = new Date();
    const session = await this.sessions.findLiveByTokenHash(tokenHash, now);
    if (!session) return null;
    const user =
      session.display_username !== undefined && session.admin !== undefined
        ? { username: session.display_username, admin: session.admin }
        : null;
    if (now.getTime() - session.last_seen_at.getTime() < TOUCH_INTERVAL_MS) {
      return { username: session.username, user, expiresAt: session.expires_at, extended: false };
    }
    const expiresAt = this.expiry(session.created_at, now);
    await this.sessions.extend(session._id, now, expiresAt);
    return { username: session.username, user, expiresAt, extended: true };
  }

  /** Loads the sessions ahead of the first request, where they are kept in memory. */
  warm(): Promise<void> {
    return this.sessions.warm();
  }

  async destroy(token: string): Promise<void> {
    await this.sessions.deleteByTokenHash(hashToken(token));
  }

  /** Ends every session of a user (deleted, or a new password), but the one of `keepToken` when given. */
  revokeAllFor(username: string, keepToken?: string): Promise<number> {
    return this.sessions.deleteAllForUser(username.trim().toLowerCase(), keepToken && hashToken(keepToken));
  }

  /** After a user changed: their sessions follow the new key, name and admin flag. */
  async setUser(fromKey: string, toKey: string, user: { username: string; admin: boolean }): Promise<void> {
    await this.sessions.setUser(fromKey, toKey, user);
  }

  purgeExpired(): Promise<number> {
    return this.sessions.deleteExpired(new Date());
  }
}
