import { mkdtempSync, rmSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { type ApiProcess, Browser, buildApi, sleep, startApi } from './helpers/spawned-api';
import { createTestApp, TEST_PASSWORD } from './helpers/test-app';
import { buildWorkspaceAudios, seedCatalog } from './helpers/workspace-fixture';

/** GET on a connection of its own (no keep-alive), so that the cluster hands it to the next worker. */
function getOnNewConnection(baseUrl: string, path: string, cookie: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = request(`${baseUrl}${path}`, { agent: false, headers: { cookie } }, (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode ?? 0));
    });
    req.on('error', reject);
    req.end();
  });
}

/** The pids that logged a completed request for `url`. */
function pidsServing(api: ApiProcess, url: string): Set<number> {
  const pids = new Set<number>();
  for (const line of api.logs().split('\n')) {
    if (!line.startsWith('{')) continue;
    const entry = JSON.parse(line) as { pid?: number; msg?: string; req?: { url?: string } };
    if (entry.msg === 'request completed' && entry.req?.url === url && entry.pid) pids.add(entry.pid);
  }
  return pids;
}

/**
 * API_WORKERS=2: one port served by two worker processes of the built API on the same database.
 * Sessions hold across them, and one worker that dies stops the API (exit 1) for a supervisor to restart.
 */
describe('the API as several processes on one port (API_WORKERS)', () => {
  const scratch = mkdtempSync(join(tmpdir(), 'curator-workers-'));
  const build = buildApi('workers');
  let api: ApiProcess | undefined;

  afterAll(async () => {
    if (api && api.child.exitCode === null) api.child.kill('SIGKILL');
    build.remove();
    rmSync(scratch, { recursive: true, force: true });
  });

  it('serves one port from two workers that share sessions, and stops whole when one of them dies', async () => {
    const seed = await createTestApp();
    await seed.loginAs('mia');
    await seedCatalog(seed, buildWorkspaceAudios(2, 5), []);
    const uri = seed.config.MONGODB_URI;
    await seed.close();

    api = await startApi(build.dir, { WEB_ROOT: scratch, MEDIA_DIR: scratch, MONGODB_URI: uri, API_WORKERS: '2' });
    const workerPids = () => [...api!.logs().matchAll(/worker \d of 2, pid (\d+)/g)].map((m) => Number(m[1]));
    for (const deadline = Date.now() + 30_000; workerPids().length < 2 && Date.now() < deadline;) await sleep(100);
    const pids = workerPids();
    expect(pids).toHaveLength(2);
    expect(pids).not.toContain(api.child.pid);

    // A session made through one worker is good on the other: every request on a new connection answers.
    const mia = new Browser(api.baseUrl);
    await mia.login('mia', TEST_PASSWORD);
    expect((await mia.fetch('/api/me/')).status).toBe(200);
    const cookie = mia.cookieHeader();
    const statuses: number[] = [];
    for (let i = 0; i < 8; i++) statuses.push(await getOnNewConnection(api.baseUrl, '/api/me/', cookie));
    expect(statuses).toEqual(Array(8).fill(200));
    await sleep(200);
    expect([...pidsServing(api, '/api/me/')].sort()).toEqual([...pids].sort());

    process.kill(pids[0], 'SIGKILL');
    const code = await Promise.race([api.exited, sleep(15_000).then(() => 'still running')]);
    expect(code).toBe(1);
    expect(api.logs()).toMatch(new RegExp(`API worker pid ${pids[0]} stopped \\(SIGKILL\\); stopping the API`));
    expect(() => process.kill(pids[1], 0)).toThrow();
  }, 120_000);
});
