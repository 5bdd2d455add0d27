import { execFileSync } from 'node:child_process';
import path from 'node:path';

import { type APIRequestContext, request } from 'playwright-core';

import { baseUrl } from './browser';

const ROOT = path.join(__dirname, '..', '..');

export type Credentials = { username: string; password: string };

/** Creates (or promotes) an admin in the e2e database through the real `create-admin` command. */
export function createAdminWithCommand(username: string, password: string): Credentials {
  execFileSync(process.execPath, [path.join(ROOT, 'scripts/create-admin.mjs'), '--username', username], {
    cwd: ROOT,
    env: { ...process.env, MONGODB_URI: process.env.E2E_MONGODB_URI, ADMIN_PASSWORD: password },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  return { username, password };
}

/** An HTTP client with its own cookie jar, logged in through the API like the shell does. */
export async function apiSession(credentials: Credentials): Promise<APIRequestContext & { csrf: string }> {
  const ctx = await request.newContext({ baseURL: baseUrl() });
  await ctx.get('/api/me/');
  const csrf = (await ctx.storageState()).cookies.find((c) => c.name === 'csrftoken')?.value ?? '';
  const res = await ctx.post('/api/auth/login/', { data: credentials, headers: { 'X-CSRFToken': csrf } });
  if (!res.ok()) throw new Error(`login as ${credentials.username} failed: ${res.status()} ${await res.text()}`);
  const fresh = (await ctx.storageState()).cookies.find((c) => c.name === 'csrftoken')?.value ?? csrf;
  return Object.assign(ctx, { csrf: fresh });
}
