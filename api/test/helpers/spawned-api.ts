import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { rmSync } from 'node:fs';
import { join, resolve } from 'node:path';

// eslint-disable-next-line @typescript-eslint/no-require-imports
const { findFreePort } = require('../../../e2e/harness/api-process.cjs') as { findFreePort: () => Promise<number> };

const API_DIR = resolve(__dirname, '..', '..');
export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export type ApiProcess = { child: ChildProcess; baseUrl: string; logs: () => string; exited: Promise<number | null> };

/**
 * A private build (git-ignored) of the current API sources, run as production runs it; two levels
 * under the repository root like api/dist, so the app finds its assets the same way.
 */
export function buildApi(name: string): { dir: string; remove: () => void } {
  const dir = join(API_DIR, '..', '.cache', `${name}-${process.pid}`);
  const swc = join(API_DIR, '..', 'node_modules', '.bin', 'swc');
  const build = spawnSync(
    swc,
    [
      'src',
      '-d',
      dir,
      '--strip-leading-paths',
      '--config-file',
      '../tools/swc-node.json',
      '--ignore',
      '**/*.spec.ts,**/*.test.ts',
    ],
    { cwd: API_DIR, encoding: 'utf8' },
  );
  if (build.status !== 0) throw new Error(`API build failed: ${build.stderr}`);
  return { dir, remove: () => rmSync(dir, { recursive: true, force: true }) };
}

/** Starts the built API on a free port and waits until it is healthy. */
export async function startApi(buildDir: string, env: Record<string, string>): Promise<ApiProcess> {
  const port = await findFreePort();
  let output = '';
  const child = spawn(process.execPath, [join(buildDir, 'main.js')], {
    env: { ...process.env, NODE_ENV: 'test', PORT: String(port), LOG_LEVEL: 'info', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout!.on('data', (d: Buffer) => (output += d.toString()));
  child.stderr!.on('data', (d: Buffer) => (output += d.toString()));
  const exited = new Promise<number | null>((r) => child.once('exit', (code) => r(code)));
  const api = { child, baseUrl: `http://127.0.0.1:${port}`, logs: () => output, exited };
  for (const deadline = Date.now() + 30_000; Date.now() < deadline; await sleep(100)) {
    if (child.exitCode !== null) throw new Error(`API exited: ${output.slice(-2000)}`);
    const ok = await fetch(`${api.baseUrl}/api/health/`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) return api;
  }
  throw new Error('API did not become healthy');
}

/** A cookie jar of one browser: the session and csrftoken cookies, kept across API processes. */
export class Browser {
  private cookies = new Map<string, string>();
  constructor(public baseUrl: string) {}

  async fetch(path: string, init: { method?: string; body?: unknown; timeoutMs?: number } = {}) {
    const headers: Record<string, string> = { cookie: this.cookieHeader() };
    if (init.body !== undefined) headers['content-type'] = 'application/json';
    if (init.method && init.method !== 'GET') headers['x-csrftoken'] = this.cookies.get('csrftoken') ?? '';
    const res = await fetch(this.baseUrl + path, {
      method: init.method ?? 'GET',
      headers,
      body: init.body === undefined ? undefined : JSON.stringify(init.body),
      signal: AbortSignal.timeout(init.timeoutMs ?? 20_000),
    });
    for (const line of res.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const eq = pair.indexOf('=');
      this.cookies.set(pair.slice(0, eq), pair.slice(eq + 1));
    }
    const text = await res.text();
    let body: unknown = text;
    try {
      body = JSON.parse(text);
    } catch {
      // not JSON
    }
    return { status: res.status, body: body as Record<string, unknown>, text };
  }

  /** The `Cookie` header this browser sends. */
  cookieHeader(): string {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  }

  async login(username: string, password: string) {
    if (!this.cookies.has('csrftoken')) await this.fetch('/api/health/');
    const res = await this.fetch('/api/auth/login/', { method: 'POST', body: { username, password } });
    if (res.status !== 200) throw new Error(`login failed: ${res.status} ${res.text}`);
  }
}
