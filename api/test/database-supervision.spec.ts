import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { startFerretDb, superviseFerretDb } from './helpers/embedded-db';
import { type ApiProcess, Browser, buildApi, sleep, startApi } from './helpers/spawned-api';
import { createTestApp, TEST_PASSWORD } from './helpers/test-app';
import { buildWorkspaceAudios, seedCatalog } from './helpers/workspace-fixture';

/**
 * The embedded database dies under a running API: the supervisor starts it again on the same socket
 * and the API reconnects by itself, with a log line on each side; meanwhile every request answers
 * 503 (never 500); one that cannot come back makes the supervisor and the API give up (exit 1).
 */
describe('database supervision', () => {
  const scratch = mkdtempSync(join(tmpdir(), 'curator-supervision-'));
  const build = buildApi('supervision');
  const audios = buildWorkspaceAudios(2, 71);
  const apis: ApiProcess[] = [];
  const cleanups: Array<() => Promise<void>> = [];

  /** A database with users and two audios, its URI with the database name. */
  async function seededDatabase(baseUri: string): Promise<string> {
    const seed = await createTestApp({ server: baseUri });
    try {
      await seed.loginAs('mia', { admin: true });
      await seedCatalog(seed, audios, []);
      return seed.config.MONGODB_URI;
    } finally {
      await seed.close();
    }
  }

  const launch = async (env: Record<string, string>) => {
    const api = await startApi(build.dir, { WEB_ROOT: scratch, MEDIA_DIR: scratch, ...env });
    apis.push(api);
    return api;
  };

  /** One round over a read, the session, the list and the tag write (whose bulk write failed as 500). */
  const round = (mia: Browser, n: number) =>
    Promise.all(
      [
        mia.fetch('/api/health/', { timeoutMs: 15_000 }),
        mia.fetch('/api/me/', { timeoutMs: 15_000 }),
        mia.fetch('/api/audio/', { timeoutMs: 15_000 }),
        mia.fetch(`/api/audio/${audios[0].music_canonical_id}/taggify/`, {
          method: 'POST',
          body: { tags: [`t${n}`, `u${n}`] },
          timeoutMs: 15_000,
        }),
      ].map((p) => p.then((r) => r.status)),
    );

  afterAll(async () => {
    for (const api of apis) if (api.child.exitCode === null) api.child.kill('SIGKILL');
    await Promise.all(apis.map((a) => a.exited));
    for (const c of cleanups) await c().catch(() => undefined);
    build.remove();
    rmSync(scratch, { recursive: true, force: true });
  });

  it('answers 503 on every route, the tag write included, while the database is down', async () => {
    const dataDir = join(scratch, 'down');
    const db = await startFerretDb({ dataDir });
    const api = await launch({ MONGODB_URI: await seededDatabase(db.uri), DB_DOWN_EXIT_AFTER: '0' });
    const mia = new Browser(api.baseUrl);
    await mia.login('mia', TEST_PASSWORD);
    expect(await round(mia, 0)).toEqual([200, 200, 200, 200]);
    await db.stop();
    expect(await round(mia, 1)).toEqual([503, 503, 503, 503]);
    const tag = await mia.fetch(`/api/audio/${audios[1].music_canonical_id}/taggify/`, {
      method: 'POST',
      body: { tags: ['x'] },
    });
    expect(tag).toMatchObject({ status: 503, body: { detail: 'Database unavailable' } });
    // Media need the session too.
    const media = await mia.fetch(`/media/ab/ab${'0'.repeat(62)}.mp3`);
    expect(media).toMatchObject({ status: 503, body: { detail: 'Database unavailable' } });
  }, 120_000);

  it('restarts a killed database within seconds; the API reconnects by itself and never answers 500', async () => {
    const lines: string[] = [];
    const supervised = await superviseFerretDb({
      dataDir: join(scratch, 'supervised'),
      log: (l) => lines.push(l),
      warn: (l) => lines.push(l),
      onGiveUp: (e) => lines.push(`gave up: ${e.message}`),
    });
    cleanups.push(supervised.stop);
    const api = await launch({ MONGODB_URI: await seededDatabase(supervised.uri) });
    const mia = new Browser(api.baseUrl);
    await mia.login('mia', TEST_PASSWORD);

    for (let kill = 0; kill < 2; kill++) {
      const killedPid = supervised.pid();
      process.kill(killedPid, 'SIGKILL');
      const killedAt = Date.now();
      const seen = new Set<number>();
      let back = 0;
      for (let n = 0; Date.now() - killedAt < 20_000; n++) {
        const statuses = await round(mia, n);
        statuses.forEach((s) => seen.add(s));
        if (statuses.every((s) => s === 200) && supervised.pid() !== killedPid) {
          back = Date.now() - killedAt;
          break;
        }
        await sleep(100);
      }
      if (seen.has(500))
        console.log(
          api
            .logs()
            .split('\n')
            .filter((l) => /Unhandled/.test(l))
            .join('\n'),
        );
      expect([...seen].filter((s) => s !== 200 && s !== 503)).toEqual([]);
      expect(back).toBeGreaterThan(0);
      expect(back).toBeLessThan(10_000);
    }
    expect(lines.filter((l) => /stopped \(SIGKILL\); restarting it/.test(l))).toHaveLength(2);
    expect(lines.filter((l) => /is back \(pid \d+\) after/.test(l))).toHaveLength(2);
    // The API noticed and said so, and said when it was back. A database back within the driver's
    // heartbeat may go unnoticed by it (the requests in between answered 503, above).
    await sleep(500);
    const lost = api.logs().match(/Database connection lost/g)?.length ?? 0;
    expect(lost).toBeGreaterThanOrEqual(1);
    expect(api.logs().match(/Database connection restored after/g)?.length).toBe(lost);
    expect((await mia.fetch('/api/me/')).body).toMatchObject({ username: 'mia' });
    expect(api.child.exitCode).toBeNull();
  }, 120_000);

  it('gives up when the database cannot come back: the supervisor reports it, and the API exits 1', async () => {
    const dataDir = join(scratch, 'doomed');
    let gaveUp: Error | undefined;
    const supervised = await superviseFerretDb({
      dataDir,
      log: () => undefined,
      warn: () => undefined,
      onGiveUp: (e) => (gaveUp = e),
      maxAttempts: 2,
    });
    cleanups.push(supervised.stop);
    const api = await launch({ MONGODB_URI: await seededDatabase(supervised.uri), DB_DOWN_EXIT_AFTER: '3' });
    // The data directory is replaced by a file: no server can start over it any more.
    rmSync(dataDir, { recursive: true, force: true });
    writeFileSync(dataDir, 'not a directory');
    process.kill(supervised.pid(), 'SIGKILL');
    for (const deadline = Date.now() + 15_000; !gaveUp && Date.now() < deadline;) await sleep(100);
    expect(gaveUp?.message).toMatch(/EEXIST|exited before it was ready/);
    const code = await Promise.race([api.exited, sleep(15_000).then(() => 'still running')]);
    expect(code).toBe(1);
    expect(api.logs()).toMatch(/Database unreachable for 3 s; giving up/);
  }, 120_000);
});
