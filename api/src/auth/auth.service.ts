import { ERROR_MESSAGES, LOGIN_FAILURE_WINDOW_MS, LOGIN_MAX_FAILURES, MeResponse } from '@curator/shared/contract';
import { HttpException, HttpStatus, Injectable, OnModuleDestroy, OnModuleInit } from '@nestjs/common';

import { badRequestEntries } from '../common/api-errors';
import { SessionsService } from '../sessions/sessions.service';
import { toUsernameKey } from '../users/user.schema';
import { UsersService } from '../users/users.service';
import { LoginAttemptsRepository } from './login-attempts.repository';

const PURGE_INTERVAL_MS = 10 * 60 * 1000;

const INVALID_LOGIN = {
  loc: ['body', 'password'],
  msg: ERROR_MESSAGES.INVALID_CREDENTIALS,
  type: 'invalid_credentials',
};

export type LoginResult = { user: MeResponse; token: string; expiresAt: Date };

@Injectable()
export class AuthService implements OnModuleInit, OnModuleDestroy {
  private purgeTimer?: NodeJS.Timeout;

  constructor(
    private readonly users: UsersService,
    private readonly sessions: SessionsService,
    private readonly attempts: LoginAttemptsRepository,
  ) {}

  onModuleInit(): void {
    this.purgeTimer = setInterval(() => void this.purgeOldAttempts().catch(() => undefined), PURGE_INTERVAL_MS);
    this.purgeTimer.unref();
  }

  onModuleDestroy(): void {
    clearInterval(this.purgeTimer);
  }

  /**
   * Checks the throttle (per username and per client address), then the password; a success
   * starts a new session and clears the username's failures.
   */
  async login(username: string, password: string, clientAddress: string): Promise<LoginResult> {
    const userKey = `user:${toUsernameKey(username)}`;
    const keys = [userKey, `ip:${clientAddress}`];
    const since = new Date(Date.now() - LOGIN_FAILURE_WINDOW_MS);
    const counts = await Promise.all(keys.map((k) => this.attempts.countSince(k, since)));
    if (counts.some((n) => n >= LOGIN_MAX_FAILURES)) {
      throw new HttpException(ERROR_MESSAGES.TOO_MANY_LOGINS, HttpStatus.TOO_MANY_REQUESTS);
    }
    const user = await this.users.verifyCredentials(username, password);
    if (!user) {
      await this.attempts.recordFailure(keys, new Date());
      throw badRequestEntries([INVALID_LOGIN]);
    }
    await this.attempts.clearKey(userKey);
    const { token, expiresAt } = await this.sessions.create(user);
    // A change to the user between the credentials check and the insert reaches this session too.
    const now = await this.users.findByUsername(user.username);
    if (!now) {
      await this.sessions.destroy(token);
      throw badRequestEntries([INVALID_LOGIN]);
    }
    if (now.username !== user.username || now.admin !== user.admin)
      await this.sessions.setUser(toUsernameKey(user.username), toUsernameKey(now.username), now);
    return { user: now, token, expiresAt };
  }

  async logout(token: string | undefined): Promise<void> {
    if (token) await this.sessions.destroy(token);
  }

  purgeOldAttempts(): Promise<number> {
    return this.attempts.deleteOlderThan(new Date(Date.now() - LOGIN_FAILURE_WINDOW_MS));
  }
}
