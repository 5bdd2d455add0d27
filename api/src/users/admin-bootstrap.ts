import 'reflect-metadata';

import { randomBytes } from 'node:crypto';

import { PasswordSchema, UsernameSchema } from '@curator/shared/contract';

import { withCliContext } from '../cli/cli-context';
import { passwordProblem } from './password-policy';
import { UsersModule } from './users.module';
import { UsersService } from './users.service';

export const DEMO_ADMIN_USERNAME = 'admin';

/** Runs `fn` with the real UsersService on the given database, outside the HTTP app. */
function withUsersService<T>(mongodbUri: string, fn: (users: UsersService) => Promise<T>): Promise<T> {
  return withCliContext({ mongodbUri }, UsersModule, (ctx) => fn(ctx.get(UsersService)));
}

function checked(username: string, password: string): { username: string; password: string } {
  const u = UsernameSchema.safeParse(username);
  if (!u.success) throw new Error(`username: ${u.error.issues[0].message}`);
  const p = PasswordSchema.safeParse(password);
  if (!p.success) throw new Error(`password: ${p.error.issues[0].message}`);
  const problem = passwordProblem(p.data, u.data);
  if (problem) throw new Error(`password: ${problem.msg}`);
  return { username: u.data, password: p.data };
}

/** `npm run create-admin`: creates the admin, or promotes an existing user and sets its password. */
export async function createAdmin(options: {
  mongodbUri: string;
  username: string;
  password: string;
}): Promise<{ created: boolean }> {
  const { username, password } = checked(options.username, options.password);
  return withUsersService(options.mongodbUri, (users) => users.createOrPromoteAdmin(username, password));
}

/**
 * For `npm start` on the embedded database only: when there is no user at all, creates
 * `admin` with DEMO_ADMIN_PASSWORD or a generated password and returns the credentials to print.
 * Returns null when users exist, and refuses to run with NODE_ENV=production.
 */
export async function ensureDemoAdmin(options: {
  mongodbUri: string;
  username?: string;
  password?: string;
}): Promise<{ username: string; password: string } | null> {
  if (process.env.NODE_ENV === 'production') return null;
  const { username, password } = checked(
    options.username ?? DEMO_ADMIN_USERNAME,
    options.password ?? process.env.DEMO_ADMIN_PASSWORD ?? randomBytes(9).toString('base64url'),
  );
  return withUsersService(options.mongodbUri, async (users) => {
    if ((await users.countUsers()) > 0) return null;
    await users.create({ username, password, admin: true });
    return { username, password };
  });
}
