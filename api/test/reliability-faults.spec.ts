import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { getConnectionToken } from '@nestjs/mongoose';
import type { Connection } from 'mongoose';

import { type EmbeddedDb, startFerretDb } from './helpers/embedded-db';
import { findStoredGarbage } from './helpers/reliability-invariants';
import { type ApiProcess, Browser, buildApi, sleep, startApi as spawnApi } from './helpers/spawned-api';
import { createTestApp, TEST_PASSWORD, TestApp } from './helpers/test-app';
import { buildTemplate, buildWorkspaceAudios, seedCatalog } from './helpers/workspace-fixture';

// eslint-disable-next-line @typescript-eslint/no-require-imports
const { findFreePort } = require('../../e2e/harness/api-process.cjs') as { findFreePort: () => Promise<number> };

const KNOWN_PASSWORD = 'Tr0ub4dour&3-horse-staple';

/**
 * Faults under a real API process on its own FerretDB: SIGKILL in the middle of writes, the
 * database stopped and started again under a running API, and a lock whose holder vanished.
 * A worker killed mid-job is covered by analysis-worker-process.spec.ts.
 */
describe('faults: killed API, stopped database, vanished lock holder', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'curator-faults-db-'));
  const scratch = mkdtempSync(join(tmpdir(), 'curator-faults-web-'));
  let db: EmbeddedDb;
  let dbPort: number;
  let seed: TestApp;
  const apis: ApiProcess[] = [];
  const audios = buildWorkspaceAudios(4, 61);
  const ids = audios.map((a) => a.music_canonical_id);

  let build: ReturnType<typeof buildApi>;

  async function startApi(): Promise<ApiProcess> {
    const api = await spawnApi(build.dir, {
      MONGODB_URI: seed.config.MONGODB_URI,
      WEB_ROOT: scratch,
      MEDIA_DIR: scratch,
      LOG_LEVEL: 'trace',
    });
    apis.push(api);
    return api;
  }

  const exitOf = (child: ChildProcess) =>
    new Promise<void>((r) =>
      child.exitCode !== null || child.signalCode !== null ? r() : child.once('exit', () => r()),
    );
  const storedGarbage = () => findStoredGarbage(seed.app.get<Connection>(getConnectionToken()).db!);

  beforeAll(async () => {
    build = buildApi('reliability');
    dbPort = await findFreePort();
    db = await startFerretDb({ dataDir, listen: `127.0.0.1:${dbPort}` });
    seed = await createTestApp({ server: db.uri });
    await seed.loginAs('mia');
    await seed.loginAs('leo');
    await seed.loginAs('boss', { admin: true });
    await seedCatalog(seed, audios, [buildTemplate(ids[0], 1)]);
  }, 120_000);

  afterAll(async () => {
    for (const api of apis) if (api.child.exitCode === null) api.child.kill('SIGKILL');
    await Promise.all(apis.map((a) => exitOf(a.child)));
    await seed?.close();
    await db?.stop();
    build?.remove();
    rmSync(dataDir, { recursive: true, force: true });
    rmSync(scratch, { recursive: true, force: true });
  });

  it('keeps sessions and whole beats when the API is killed during a batch of writes', async () => {
    const first = await startApi();
    const mia = new Browser(first.baseUrl);
    await mia.login('mia', TEST_PASSWORD);
    const made = (
      await mia.fetch('/api/beats/', {
        method: 'POST',
        body: { name: 'base', music_canonical_id: ids[1], audio_type: 'music', offsets: [6] },
      })
    ).body;
    const writes: Promise<unknown>[] = [];
    for (let i = 0; i < 40; i++) {
      const offsets = [6 + (i % 5), 8 + (i % 7), 20 + i / 10];
      writes.push(
        mia
          .fetch('/api/beats/', {
            method: 'POST',
            body: { name: `w${i}`, music_canonical_id: ids[1 + (i % 3)], audio_type: 'music', offsets },
          })
          .catch(() => null),
      );
      writes.push(
        mia
          .fetch(`/api/beats/${made.id}/`, {
            method: 'PUT',
            body: {
              name: `p${i}`,
              music_canonical_id: ids[1],
              audio_type: 'music',
              done: false,
              type: 'manual',
              offsets,
              version: i,
            },
          })
          .catch(() => null),
      );
      if (i === 12) setTimeout(() => first.child.kill('SIGKILL'), 0);
    }
    await Promise.all(writes);
    await exitOf(first.child);
    expect(first.child.signalCode).toBe('SIGKILL');

    const second = await startApi();
    mia.baseUrl = second.baseUrl;
    expect((await mia.fetch('/api/me/')).body).toMatchObject({ username: 'mia' });
    const beats = await mia.fetch(`/api/beats/?music_canonical_id=${ids[1]}`);
    expect(beats.status).toBe(200);
    expect(await storedGarbage()).toEqual([]);
    // The survivor still writes, and the versions it reads are whole.
    const current = (beats.body as unknown as { id: string; version: number }[]).find((b) => b.id === made.id)!;
    const saved = await mia.fetch(`/api/beats/${made.id}/`, {
      method: 'PUT',
      body: {
        name: 'after',
        music_canonical_id: ids[1],
        audio_type: 'music',
        done: false,
        type: 'manual',
        offsets: [7],
        version: current.version,
      },
    });
    expect(saved.status).toBe(200);
    second.child.kill('SIGTERM');
    await exitOf(second.child);
  }, 90_000);

  it('answers 503 with a detail within seconds while the database is down, and recovers without an API restart', async () => {
    const api = await startApi();
    const mia = new Browser(api.baseUrl);
    await mia.login('mia', TEST_PASSWORD);
    await db.stop();
    try {
      for (const [path, method, body] of [
        ['/api/health/', 'GET', undefined],
        ['/api/me/', 'GET', undefined],
        ['/api/audio/', 'GET', undefined],
        ['/api/beats/', 'POST', { music_canonical_id: ids[2], audio_type: 'music' }],
      ] as const) {
        const started = Date.now();
        const res = await mia.fetch(path, { method, body, timeoutMs: 15_000 });
        const took = Date.now() - started;
        expect({ path, status: res.status, detail: res.body.detail }).toEqual({
          path,
          status: 503,
          detail: 'Database unavailable',
        });
        expect(took).toBeLessThan(8_000);
        expect(res.text).not.toMatch(/Mongo|ECONNREFUSED|\bat \w|node_modules/);
      }
    } finally {
      db = await startFerretDb({ dataDir, listen: `127.0.0.1:${dbPort}` });
    }
    let health = 0;
    for (const deadline = Date.now() + 30_000; Date.now() < deadline && health !== 200; await sleep(250)) {
      health = (await mia.fetch('/api/health/', { timeoutMs: 10_000 })).status;
    }
    expect(health).toBe(200);
    expect((await mia.fetch('/api/me/')).body).toMatchObject({ username: 'mia' });
    expect((await mia.fetch('/api/audio/')).status).toBe(200);
    expect(api.child.exitCode).toBeNull();
    expect(api.logs()).not.toMatch(/\n\s+at .*node_modules.*\n\s+at /);
    api.child.kill('SIGTERM');
    await exitOf(api.child);
  }, 120_000);

  it('frees a lock 30 s after its holder vanished (killed API), for another user on another instance', async () => {
    const first = await startApi();
    const mia = new Browser(first.baseUrl);
    await mia.login('mia', TEST_PASSWORD);
    expect((await mia.fetch(`/api/audio/${ids[3]}/lock/`, { method: 'POST' })).status).toBe(200);
    first.child.kill('SIGKILL');
    await exitOf(first.child);
    const second = await startApi();
    const leo = new Browser(second.baseUrl);
    await leo.login('leo', TEST_PASSWORD);
    expect((await leo.fetch(`/api/audio/${ids[3]}/lock/`, { method: 'POST' })).body).toEqual({
      detail: 'Locked by mia',
    });
    // 30 s pass: the stored expiry moves into the past instead of the test sleeping.
    const past = new Date(Date.now() - 1000);
    await seed.app
      .get<Connection>(getConnectionToken())
      .db!.collection('audios')
      .updateOne({ music_canonical_id: ids[3] }, { $set: { lock_expires_at: past } });
    expect((await leo.fetch(`/api/audio/${ids[3]}/lock/`, { method: 'POST' })).body).toEqual({
      locked: true,
      locked_by: 'leo',
    });
    second.child.kill('SIGTERM');
    await exitOf(second.child);
  }, 90_000);

  it('never writes a password to the logs or a response, at login, failed login, user creation and reset', async () => {
    const api = await startApi();
    const boss = new Browser(api.baseUrl);
    const bodies: string[] = [];
    const failed = await new Browser(api.baseUrl).login('boss', KNOWN_PASSWORD).catch((e: Error) => e.message);
    bodies.push(String(failed));
    await boss.login('boss', TEST_PASSWORD);
    const created = await boss.fetch('/api/users/', {
      method: 'POST',
      body: { username: 'newbie', password: KNOWN_PASSWORD, admin: false },
    });
    expect(created.status).toBeLessThan(300);
    bodies.push(created.text);
    const reset = await boss.fetch('/api/users/newbie/', {
      method: 'PUT',
      body: { username: 'newbie', password: `${KNOWN_PASSWORD}!` },
    });
    bodies.push(reset.text);
    const newbie = new Browser(api.baseUrl);
    await newbie.login('newbie', `${KNOWN_PASSWORD}!`);
    bodies.push(
      (await newbie.fetch('/api/me/')).text,
      (await boss.fetch('/api/users/')).text,
      (await boss.fetch('/api/users/newbie/')).text,
    );
    const badUser = await boss.fetch('/api/users/', {
      method: 'POST',
      body: { username: 'x y', password: KNOWN_PASSWORD },
    });
    bodies.push(badUser.text);
    api.child.kill('SIGTERM');
    await exitOf(api.child);
    const logs = api.logs();
    expect(logs).toContain('/api/auth/login/'); // the request lines were logged at all
    for (const secret of [KNOWN_PASSWORD, TEST_PASSWORD]) {
      expect(logs).not.toContain(secret);
      for (const body of bodies) expect(body).not.toContain(secret);
    }
    expect(bodies.join('\n')).not.toMatch(/password_hash|\$argon2|scrypt/);
  }, 90_000);
});
