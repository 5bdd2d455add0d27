import type { User as UserView } from '@curator/shared/contract';
import { ConflictException, Injectable, NotFoundException } from '@nestjs/common';
import { EventEmitter2 } from '@nestjs/event-emitter';
import { hash, verify } from '@node-rs/argon2';

import { bodyFieldError } from '../common/api-errors';
import { isDuplicateKeyError } from '../common/duplicate-key';
import { SessionsService } from '../sessions/sessions.service';
import { passwordProblem } from './password-policy';
import { toUsernameKey, UserRecord } from './user.schema';
import { USER_RENAMED, type UserRenamed } from './user-events';
import { UsersRepository } from './users.repository';

export const USER_MESSAGES = {
  NOT_FOUND: 'User not found',
  USERNAME_TAKEN: 'A user with that username already exists',
  CANNOT_DELETE_SELF: 'You cannot delete yourself',
  LAST_ADMIN: 'Cannot remove the last admin',
} as const;

export type UserChanges = { username: string; password?: string; admin?: boolean };

const toView = (u: UserRecord): UserView => ({ username: u.username, admin: u.admin });

/** 422 on the password field when the policy refuses it (see password-policy.ts). */
function checkPassword(password: string, username: string): void {
  const problem = passwordProblem(password, username);
  if (problem) throw bodyFieldError('password', problem.msg, problem.type);
}

/** argon2id with the library defaults (19 MiB, t=2, p=1: the OWASP baseline). */
const hashPassword = (password: string) => hash(password);

@Injectable()
export class UsersService {
  /** Verified against when the user does not exist, so both cases take the same time. */
  private dummyHash?: Promise<string>;

  constructor(
    private readonly users: UsersRepository,
    private readonly sessions: SessionsService,
    private readonly events: EventEmitter2,
  ) {}

  async findByUsername(username: string): Promise<UserView | null> {
    const user = await this.users.findByKey(toUsernameKey(username));
    return user && toView(user);
  }

  /** The user when the password matches, else null. */
  async verifyCredentials(username: string, password: string): Promise<UserView | null> {
    const user = await this.users.findByKey(toUsernameKey(username));
    if (!user) {
      this.dummyHash ??= hashPassword('not-a-real-password');
      await verify(await this.dummyHash, password).catch(() => false);
      return null;
    }
    const ok = await verify(user.password_hash, password).catch(() => false);
    return ok ? toView(user) : null;
  }

  async list(): Promise<UserView[]> {
    return (await this.users.listOrderedByUsername()).map(toView);
  }

  async get(username: string): Promise<UserView> {
    const user = await this.findByUsername(username);
    if (!user) throw new NotFoundException(USER_MESSAGES.NOT_FOUND);
    return user;
  }

  countUsers(): Promise<number> {
    return this.users.countAll();
  }

  async create(input: { username: string; password: string; admin: boolean }): Promise<UserView> {
    checkPassword(input.password, input.username);
    const key = toUsernameKey(input.username);
    if (await this.users.findByKey(key)) throw bodyFieldError('username', USER_MESSAGES.USERNAME_TAKEN, 'unique');
    const password_hash = await hashPassword(input.password);
    try {
      await this.users.insert({
        username: input.username.trim(),
        username_key: key,
        password_hash,
        admin: input.admin,
      });
    } catch (err) {
      if (isDuplicateKeyError(err)) {
        throw bodyFieldError('username', USER_MESSAGES.USERNAME_TAKEN, 'unique');
      }
      throw err;
    }
    return { username: input.username.trim(), admin: input.admin };
  }

  /**
   * Rename, new password (empty keeps it), admin flag. The last admin cannot lose the flag. A new
   * password ends every session of the user but the one making the change (`actorSessionToken`).
   */
  async update(
    actorUsername: string,
    username: string,
    changes: UserChanges,
    actorSessionToken?: string,
  ): Promise<UserView> {
    const key = toUsernameKey(username);
    const current = await this.users.findByKey(key);
    if (!current) throw new NotFoundException(USER_MESSAGES.NOT_FOUND);
    if (changes.password) checkPassword(changes.password, changes.username);
    const newKey = toUsernameKey(changes.username);
    if (newKey !== key && (await this.users.findByKey(newKey))) {
      throw bodyFieldError('username', USER_MESSAGES.USERNAME_TAKEN, 'unique');
    }
    const admin = changes.admin ?? current.admin;
    const takesFlag = current.admin && !admin;
    if (takesFlag) await this.takeAdminFlag(key);
    const set: Partial<UserRecord> = { username: changes.username.trim(), username_key: newKey, admin };
    if (changes.password) set.password_hash = await hashPassword(changes.password);
    try {
      await this.users.updateByKey(key, set);
    } catch (err) {
      // Another rename to the same name landed first: nothing of this change stays.
      if (!isDuplicateKeyError(err)) throw err;
      if (takesFlag) await this.users.updateByKey(key, { admin: true });
      throw bodyFieldError('username', USER_MESSAGES.USERNAME_TAKEN, 'unique');
    }
    await this.sessions.setUser(key, newKey, { username: set.username!, admin });
    // Records that name the user (approvals, beats, locks) follow the new name before the answer.
    if (set.username !== current.username)
      await this.events.emitAsync(USER_RENAMED, { from: current.username, to: set.username! } satisfies UserRenamed);
    if (changes.password)
      await this.sessions.revokeAllFor(newKey, toUsernameKey(actorUsername) === key ? actorSessionToken : undefined);
    return { username: set.username!, admin };
  }

  /**
   * Takes the admin flag from the user `key` unless no admin would be left (409). The flag goes first and the admins
   * are counted after; a count of none puts it back. Counted before the write instead, two admins taking the flag from
   * each other at once each saw the other and left nobody able to manage the tool. At once, both may now be refused;
   * neither leaves nobody.
   */
  private async takeAdminFlag(key: string): Promise<void> {
    if ((await this.users.countAdmins()) <= 1) throw new ConflictException(USER_MESSAGES.LAST_ADMIN);
    await this.users.updateByKey(key, { admin: false });
    if ((await this.users.countAdmins()) > 0) return;
    await this.users.updateByKey(key, { admin: true });
    throw new ConflictException(USER_MESSAGES.LAST_ADMIN);
  }

  /** Deletes a user and ends their sessions; never oneself, never the last admin. */
  async remove(actorUsername: string, username: string): Promise<void> {
    const key = toUsernameKey(username);
    const user = await this.users.findByKey(key);
    if (!user) throw new NotFoundException(USER_MESSAGES.NOT_FOUND);
    if (toUsernameKey(actorUsername) === key) throw new ConflictException(USER_MESSAGES.CANNOT_DELETE_SELF);
    if (user.admin) await this.takeAdminFlag(key);
    await this.users.deleteByKey(key);
    await this.sessions.revokeAllFor(key);
  }

  /** For `create-admin` and the demo seed: creates the user, or promotes it and sets the password. */
  async createOrPromoteAdmin(username: string, password: string): Promise<{ created: boolean }> {
    checkPassword(password, username);
    const key = toUsernameKey(username);
    const existing = await this.users.findByKey(key);
    if (!existing) {
      await this.create({ username, password, admin: true });
      return { created: true };
    }
    await this.users.updateByKey(key, { admin: true, password_hash: await hashPassword(password) });
    await this.sessions.revokeAllFor(key);
    return { created: false };
  }
}
