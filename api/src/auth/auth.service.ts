import { randomUUID } from 'node:crypto';

import {
  ERROR_MESSAGES,
  LOGIN_DELAY_BASE_MS,
  LOGIN_DELAY_MAX_MS,
  LOGIN_FAILURE_WINDOW_MS,
  LOGIN_FREE_FAILURES,
  LOGIN_MAX_FAILURES_PER_ACCOUNT,
  LOGIN_MAX_FAILURES_PER_ADDRESS,
  MeResponse,
} from '@curator/shared/contract';
import { HttpException, HttpStatus, Injectable, OnModuleDestroy, OnModuleInit } from '@nestjs/common';

import { badRequestEntries } from '../common/api-errors';
import { SessionsService } from '../sessions/sessions.service';
import { toUsernameKey } from '../users/user.schema';
import { UsersService } from '../users/users.service';
import { type KeyAttempts, LoginAttemptsRepository } from './login-attempts.repository';

const PURGE_INTERVAL_MS = 10 * 60 * 1000;

const INVALID_LOGIN = {
  loc: ['body', 'password'],
  msg: ERROR_MESSAGES.INVALID_CREDENTIALS,
  type: 'invalid_credentials',
};

export type LoginResult = { user: MeResponse; token: string; expiresAt: Date };

/** 429 with the seconds after which the same attempt could pass (sent as `Retry-After`). */
export class LoginThrottledException extends HttpException {
  constructor(readonly retryAfterS: number) {
    super(ERROR_MESSAGES.TOO_MANY_LOGINS, HttpStatus.TOO_MANY_REQUESTS);
  }
}

type ThrottleKeys = { pair: string; user: string; address: string };

const secondsUntil = (t: number, now: number) => Math.max(1, Math.ceil((t - now) / 1000));

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
   * Reserves the attempt under its three throttle keys first, then reads them: so parallel guesses
   * each see the others' reservations and at most the allowed number reach the password check. A
   * refused attempt is withdrawn; a wrong password stays as a failure; a success starts a new
   * session and clears the failures of its (username, address) pair.
   */
  async login(username: string, password: string, clientAddress: string): Promise<LoginResult> {
    const userKey = toUsernameKey(username);
    const keys: ThrottleKeys = {
      pair: `pair:${userKey}|${clientAddress}`,
      user: `user:${userKey}`,
      address: `ip:${clientAddress}`,
    };
    const attempt = randomUUID();
    const now = Date.now();
    await this.attempts.reserve(attempt, Object.values(keys), new Date(now));
    let user: MeResponse | null;
    try {
      const retryAfterS = await this.refusal(attempt, keys, now);
      if (retryAfterS !== null) throw new LoginThrottledException(retryAfterS);
      user = await this.users.verifyCredentials(username, password);
    } catch (error) {
      await this.attempts.release(attempt).catch(() => undefined);
      throw error;
    }
    if (!user) {
      await this.attempts.markFailed(attempt);
      throw badRequestEntries([INVALID_LOGIN]);
    }
    await this.attempts.release(attempt);
    await this.attempts.clearKey(keys.pair);
    const { token, expiresAt } = await this.sessions.create(user);
    // A change to the user between the credentials check and the insert reaches this session too.
    const current = await this.users.findByUsername(user.username);
    if (!current) {
      await this.sessions.destroy(token);
      throw badRequestEntries([INVALID_LOGIN]);
    }
    if (current.username !== user.username || current.admin !== user.admin)
      await this.sessions.setUser(toUsernameKey(user.username), toUsernameKey(current.username), current);
    return { user: current, token, expiresAt };
  }

  /** Seconds to wait when this reserved attempt must be refused, else null. */
  private async refusal(attempt: string, keys: ThrottleKeys, now: number): Promise<number | null> {
    const since = new Date(now - LOGIN_FAILURE_WINDOW_MS);
    const [pair, user, address] = await Promise.all(
      [keys.pair, keys.user, keys.address].map((k) => this.attempts.since(k, since)),
    );
    const overLimit = (records: KeyAttempts[], limit: number) =>
      records.length > limit
        ? secondsUntil(Math.min(...records.map((r) => r.at.getTime())) + LOGIN_FAILURE_WINDOW_MS, now)
        : null;
    const wait = overLimit(user, LOGIN_MAX_FAILURES_PER_ACCOUNT) ?? overLimit(address, LOGIN_MAX_FAILURES_PER_ADDRESS);
    if (wait !== null) return wait;
    if (pair.length <= LOGIN_FREE_FAILURES) return null;
    // Past the free attempts one attempt at a time: another one still in flight refuses this one.
    if (pair.some((r) => r.state === 'pending' && r.attempt !== attempt)) return 1;
    const failed = pair.filter((r) => r.state === 'failed');
    if (failed.length < LOGIN_FREE_FAILURES) return null;
    const delay = Math.min(LOGIN_DELAY_BASE_MS * 2 ** (failed.length - LOGIN_FREE_FAILURES), LOGIN_DELAY_MAX_MS);
    const readyAt = Math.max(...failed.map((r) => r.at.getTime())) + delay;
    return now >= readyAt ? null : secondsUntil(readyAt, now);
  }

  async logout(token: string | undefined): Promise<void> {
    if (token) await this.sessions.destroy(token);
  }

  purgeOldAttempts(): Promise<number> {
    return this.attempts.deleteOlderThan(new Date(Date.now() - LOGIN_FAILURE_WINDOW_MS));
  }
}
