import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { getModelToken } from '@nestjs/mongoose';
import type { Model } from 'mongoose';

import { AnalysisJob, type AnalysisJobRecord } from '../src/analysis/jobs/analysis-job.schema';
import { JobsService } from '../src/analysis/jobs/jobs.service';
import { insertAudio, storeSynthesisedTrack, waitFor } from './helpers/analysis-fixture';
import { buildApi } from './helpers/spawned-api';
import { createTestApp, TestApp } from './helpers/test-app';

describe('worker processes (node worker.js): a killed worker’s job is retried by another', () => {
  let t: TestApp;
  let build: ReturnType<typeof buildApi>;
  const mediaDir = mkdtempSync(join(tmpdir(), 'curator-worker-media-'));
  const children: ChildProcess[] = [];

  const spawnWorker = () => {
    const child = spawn(process.execPath, [join(build.dir, 'worker.js')], {
      env: {
        ...process.env,
        NODE_ENV: 'test',
        LOG_LEVEL: 'silent',
        MONGODB_URI: t.config.MONGODB_URI,
        MEDIA_DIR: mediaDir,
        ANALYSIS_LEASE_MS: '1000',
      },
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    children.push(child);
    return child;
  };
  const exitOf = (child: ChildProcess) =>
    new Promise<number | null>((r) =>
      child.exitCode !== null ? r(child.exitCode) : child.once('exit', (code) => r(code)),
    );

  beforeAll(async () => {
    build = buildApi('worker-test');
    t = await createTestApp({ env: { MEDIA_DIR: mediaDir } });
    await t.loginAs('mia');
    const track = await storeSynthesisedTrack(t, { seed: 7, durationS: 30, tempoBpm: 96 });
    await insertAudio(t, 'music1', track);
  });
  afterAll(async () => {
    for (const child of children) if (child.exitCode === null) child.kill('SIGKILL');
    await t.close();
    rmSync(mediaDir, { recursive: true, force: true });
    build?.remove();
  });

  it('retries the job of a worker killed mid-job in another worker, which then stops cleanly on SIGTERM', async () => {
    const jobs = t.app.get(JobsService);
    await t.agent.post('/api/audio/music1/stem/').set('X-CSRFToken', t.csrf()).expect(200);
    const first = spawnWorker();
    const jobModel = t.app.get<Model<AnalysisJob>>(getModelToken(AnalysisJob.name));
    // Mid-job: the worker has claimed the job and told the audio it is processing.
    await waitFor(
      async () => (await t.agent.get('/api/audio/music1/stem/').expect(200)).body.stem_status,
      (s) => s === 'processing',
      30_000,
      50,
    );
    const running = await jobModel.findOne({ kind: 'stems' }).lean<AnalysisJobRecord>().exec();
    expect(running).toMatchObject({ status: 'running' });
    expect(running!.worker_id).toContain(`:${first.pid}:`);
    first.kill('SIGKILL');
    await exitOf(first);
    expect((await t.agent.get('/api/audio/music1/stem/').expect(200)).body.stem_status).toBe('processing');

    const second = spawnWorker();
    const final = await waitFor(
      async () => (await t.agent.get('/api/audio/music1/stem/').expect(200)).body,
      (b) => b.stem_status !== 'processing',
      45_000,
      100,
    );
    expect(final.stem_status).toBe('ready');
    expect(final.stem_tracks).toHaveLength(2);
    const done = (await jobs.findById(running!._id))!;
    expect(done).toMatchObject({ status: 'done', attempts: 2 });
    second.kill('SIGTERM');
    expect(await exitOf(second)).toBe(0);
  });
});
