import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { getConnectionToken } from '@nestjs/mongoose';
import type { Connection } from 'mongoose';

import { startFerretDb } from './helpers/embedded-db';
import { Browser, buildApi, sleep, startApi as spawnApi } from './helpers/spawned-api';
import { createTestApp, TEST_PASSWORD, TestApp } from './helpers/test-app';
import { buildWorkspaceAudios, seedCatalog } from './helpers/workspace-fixture';

// eslint-disable-next-line @typescript-eslint/no-require-imports
const { findFreePort } = require('../../e2e/harness/api-process.cjs') as { findFreePort: () => Promise<number> };

/**
 * The derived figures (a tag's used count, an audio's done-beat, ep-beat and approval counts) are
 * moved by a second command after the write that causes them. A real API process is killed
 * (SIGKILL) in the middle of a burst of tag, ending-point and done writes; the next process
 * recounts them at start-up, so every figure equals its recount.
 */
describe('derived figures after the API is killed mid-write', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'curator-reconcile-db-'));
  const scratch = mkdtempSync(join(tmpdir(), 'curator-reconcile-web-'));
  let db: { uri: string; stop: () => Promise<void> };
  let seed: TestApp;
  const children: ChildProcess[] = [];
  const audios = buildWorkspaceAudios(6, 83);
  const ids = audios.map((a) => a.music_canonical_id);

  let build: ReturnType<typeof buildApi>;

  async function startApi() {
    const api = await spawnApi(build.dir, {
      MONGODB_URI: seed.config.MONGODB_URI,
      WEB_ROOT: scratch,
      MEDIA_DIR: scratch,
    });
    children.push(api.child);
    return api;
  }
  const exitOf = (child: ChildProcess) =>
    new Promise<void>((r) =>
      child.exitCode !== null || child.signalCode !== null ? r() : child.once('exit', () => r()),
    );

  /** Every stored figure beside its recount from the documents it derives from. */
  async function figuresAndRecounts() {
    const database = seed.app.get<Connection>(getConnectionToken()).db!;
    const tags = await database.collection('tags').find({}).toArray();
    const stored: Record<string, number> = {};
    const counted: Record<string, number> = {};
    for (const tag of tags) {
      stored[`tag ${tag.text_key}`] = tag.used_count;
      counted[`tag ${tag.text_key}`] = await database.collection('audios').countDocuments({ tag_keys: tag.text_key });
    }
    for (const a of await database.collection('audios').find({}).toArray()) {
      const id = a.music_canonical_id as string;
      const done = await database.collection('beats').countDocuments({ music_canonical_id: id, done: true });
      const ep = await database.collection('beats').countDocuments({ music_canonical_id: id, type: 'ep' });
      stored[`done ${id}`] = a.beats_done_count ?? 0;
      counted[`done ${id}`] = done;
      stored[`ep ${id}`] = a.ep_template_count ?? 0;
      counted[`ep ${id}`] = ep;
      stored[`approved ${id}`] = a.beat_and_template_approved ?? 0;
      counted[`approved ${id}`] = (a.templates_approved_count ?? 0) + done;
    }
    return { stored, counted };
  }

  beforeAll(async () => {
    build = buildApi('reconciliation');
    db = await startFerretDb({ dataDir, listen: `127.0.0.1:${await findFreePort()}` });
    seed = await createTestApp({ server: db.uri });
    await seed.loginAs('mia');
    await seed.loginAs('boss', { admin: true });
    await seedCatalog(seed, audios, []);
  }, 120_000);

  afterAll(async () => {
    for (const child of children) if (child.exitCode === null) child.kill('SIGKILL');
    await Promise.all(children.map(exitOf));
    await seed?.close();
    await db?.stop();
    build?.remove();
    rmSync(dataDir, { recursive: true, force: true });
    rmSync(scratch, { recursive: true, force: true });
  });

  it('recounts at start-up every figure a kill -9 left wrong, and corrects one on demand, saying what it did', async () => {
    const first = await startApi();
    const mia = new Browser(first.baseUrl);
    await mia.login('mia', TEST_PASSWORD);
    // Beats to flip: some ep beats, some manual, on every audio.
    const beats: Array<{ id: string; audio: string; version: number }> = [];
    for (let i = 0; i < 12; i++) {
      const audio = ids[i % ids.length];
      const made = await mia.fetch('/api/beats/', {
        method: 'POST',
        body: {
          name: `b${i}`,
          music_canonical_id: audio,
          audio_type: 'music',
          type: i % 3 === 0 ? 'ep' : 'manual',
          offsets: [6, 7],
        },
      });
      expect(made.status).toBe(201);
      beats.push({ id: made.body.id as string, audio, version: made.body.version as number });
    }
    // 24 sessions write one after another without pause until the API dies under them.
    let alive = true;
    const writeOnce = (n: number, i: number) => {
      const audio = ids[(n + i) % ids.length];
      const beat = beats[(n * 5 + i) % beats.length];
      switch ((n + i) % 4) {
        case 0:
          return mia.fetch(`/api/audio/${audio}/taggify/`, {
            method: 'POST',
            body: { tags: [`t${(n + i) % 5}`, `t${(i * 7) % 11}`] },
          });
        case 1:
          return mia.fetch(`/api/audio/${audio}/eps/`, {
            method: 'POST',
            body: { ending_points: [10 + (i % 4) * 2, 30] },
          });
        case 2:
          return mia.fetch(`/api/beats/${beat.id}/toggle_beats_done/`, { method: 'POST', body: { done: i % 2 === 0 } });
        default:
          return mia.fetch('/api/beats/', {
            method: 'POST',
            body: {
              name: `x${n}-${i}`,
              music_canonical_id: audio,
              audio_type: 'music',
              type: 'ep',
              offsets: [6, 8],
            },
          });
      }
    };
    const sessions = Array.from({ length: 24 }, async (_, n) => {
      for (let i = 0; alive; i++) await writeOnce(n, i).catch(() => (alive = false));
    });
    await sleep(1_500);
    first.child.kill('SIGKILL');
    await Promise.all(sessions);
    await exitOf(first.child);
    expect(first.child.signalCode).toBe('SIGKILL');
    // The database still runs the commands the killed process had sent: let them land.
    await sleep(1_000);
    const afterKill = await figuresAndRecounts();
    const wrongAfterKill = Object.keys(afterKill.stored).filter((k) => afterKill.stored[k] !== afterKill.counted[k]);

    const second = await startApi();
    mia.baseUrl = second.baseUrl;
    // The start-up reconciliation runs beside the first requests: wait for it to correct what the kill left.
    const logged = (key: string) => {
      const [kind, of] = key.split(' ');
      const figure =
        { tag: 'used_count', done: 'beats_done_count', ep: 'ep_template_count' }[kind] ?? 'beat_and_template_approved';
      return `Corrected ${figure} of ${kind === 'tag' ? 'tag' : 'audio'} ${of}:`;
    };
    let now = await figuresAndRecounts();
    for (const deadline = Date.now() + 20_000; Date.now() < deadline; await sleep(250)) {
      now = await figuresAndRecounts();
      const settled = JSON.stringify(now.stored) === JSON.stringify(now.counted);
      if (settled && wrongAfterKill.every((key) => second.logs().includes(logged(key)))) break;
    }
    expect(now.stored).toEqual(now.counted);
    for (const key of wrongAfterKill) expect(second.logs()).toContain(logged(key));

    // On demand: a figure set wrong behind the API's back is corrected and reported.
    const database = seed.app.get<Connection>(getConnectionToken()).db!;
    const key = (await database.collection('tags').findOne({}))!.text_key as string;
    await database.collection('tags').updateOne({ text_key: key }, { $inc: { used_count: 5 } });
    const boss = new Browser(second.baseUrl);
    await boss.login('boss', TEST_PASSWORD);
    expect((await mia.fetch('/api/admin/reconcile/', { method: 'POST' })).status).toBe(403);
    const answer = await boss.fetch('/api/admin/reconcile/', { method: 'POST' });
    expect(answer.status).toBe(200);
    const counted = (await figuresAndRecounts()).counted[`tag ${key}`];
    expect(answer.body.corrected).toEqual([{ figure: 'used_count', of: `tag ${key}`, stored: counted + 5, counted }]);
    expect(second.logs()).toContain(`Corrected used_count of tag ${key}: stored ${counted + 5}, counted ${counted}`);

    console.log(`figures wrong after the kill: ${wrongAfterKill.length} (${wrongAfterKill.join(', ')})`);
    second.child.kill('SIGTERM');
    await exitOf(second.child);
  }, 120_000);
});
