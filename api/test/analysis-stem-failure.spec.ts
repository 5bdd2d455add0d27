import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { MediaStoreService } from '../src/media/media-store.service';
import { insertAudio, startWorker, waitFor } from './helpers/analysis-fixture';
import { createTestApp, TestApp } from './helpers/test-app';

describe('stem separation that keeps failing', () => {
  let t: TestApp;
  let worker: Awaited<ReturnType<typeof startWorker>>;
  const mediaDir = mkdtempSync(join(tmpdir(), 'curator-stem-fail-'));
  // An external separator that always exits 1, as a broken production install would.
  const separator = JSON.stringify({
    command: process.execPath,
    args: ['-e', 'console.error("model file missing"); process.exit(1)'],
    stemTypes: ['drums'],
  });

  beforeAll(async () => {
    t = await createTestApp({
      env: { MEDIA_DIR: mediaDir, ANALYSIS_RETRY_DELAY_MS: '0', STEM_SEPARATOR_COMMAND: separator },
    });
    await t.loginAs('mia');
    const media = await t.app.get(MediaStoreService).storeBuffer(Buffer.from('not really audio'), 'mp3');
    await insertAudio(t, 'music1', media);
    worker = await startWorker(t.config);
  });
  afterAll(async () => {
    await worker.close();
    await t.close();
    rmSync(mediaDir, { recursive: true, force: true });
  });

  it('ends in "failed: {reason}" after three attempts, and a new request starts over', async () => {
    await t.agent.post('/api/audio/music1/stem/').set('X-CSRFToken', t.csrf()).expect(200);
    const failed = await waitFor(
      async () => (await t.agent.get('/api/audio/music1/stem/').expect(200)).body,
      (b) => String(b.stem_status).startsWith('failed'),
      30_000,
    );
    expect(failed.stem_status).toMatch(/^failed: .*model file missing/);
    expect(failed.stem_tracks).toEqual([]);
    const again = await t.agent.post('/api/audio/music1/stem/').set('X-CSRFToken', t.csrf()).expect(200);
    expect(['requested', 'processing']).toContain(again.body.stem_status);
  });
});
