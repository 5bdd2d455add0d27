import { MAX_JOB_ATTEMPTS } from '../src/analysis/jobs/job-keys';
import { JobsRepository } from '../src/analysis/jobs/jobs.repository';
import { ABANDONED_JOB_REASON, JobsService } from '../src/analysis/jobs/jobs.service';
import { createTestApp, TestApp } from './helpers/test-app';

describe('analysis jobs (lifecycle against the real database)', () => {
  let t: TestApp;
  let jobs: JobsService;
  let repository: JobsRepository;
  let counter = 0;
  const newHash = () => (++counter).toString(16).padStart(64, 'c');
  const enqueuePeaks = (mediaHash = newHash()) =>
    jobs.enqueue({ kind: 'peaks', mediaHash, mediaPath: `${mediaHash.slice(0, 2)}/${mediaHash}.mp3` });
  const past = () => new Date(Date.now() - 1000);

  beforeAll(async () => {
    t = await createTestApp({ env: { ANALYSIS_RETRY_DELAY_MS: '0' } });
    jobs = t.app.get(JobsService);
    repository = t.app.get(JobsRepository, { strict: false });
  });
  afterAll(() => t.close());

  // Each test leaves no claimable job behind, so claims only see the job the test made.
  afterEach(async () => {
    for (let job = await jobs.claim('cleaner'); job; job = await jobs.claim('cleaner'))
      await jobs.complete(job, 'cleaner', null);
  });

  it('enqueues once per kind, content hash and parameters, also when requests race', async () => {
    const hash = newHash();
    const raced = await Promise.all(Array.from({ length: 5 }, () => enqueuePeaks(hash)));
    expect(new Set(raced.map((j) => String(j._id))).size).toBe(1);
    expect(raced[0]).toMatchObject({ status: 'queued', attempts: 0, kind: 'peaks', media_hash: hash });
    const autobeat = await jobs.enqueue({ kind: 'autobeat', mediaHash: hash, mediaPath: raced[0].media_path });
    expect(String(autobeat._id)).not.toBe(String(raced[0]._id));
  });

  it('lets exactly one of several parallel claimers take each job', async () => {
    const queued = await Promise.all([enqueuePeaks(), enqueuePeaks(), enqueuePeaks()]);
    const claims = await Promise.all(['w1', 'w2', 'w3', 'w4', 'w5', 'w6', 'w7'].map((w) => jobs.claim(w)));
    const winners = claims.filter((c) => c !== null);
    expect(winners.map((w) => String(w!._id)).sort()).toEqual(queued.map((j) => String(j._id)).sort());
    for (const winner of winners) {
      expect(winner).toMatchObject({ status: 'running', attempts: 1 });
      expect(await jobs.findById(winner!._id)).toMatchObject({
        status: 'running',
        worker_id: winner!.worker_id,
        attempts: 1,
      });
    }
  });

  it('gives a job whose lease expired to another worker and ignores the first one afterwards', async () => {
    const job = await enqueuePeaks();
    const first = (await jobs.claim('w1'))!;
    expect(await jobs.claim('w2')).toBeNull();
    expect(await jobs.heartbeat(first, 'w1')).toBe(true);
    await repository.setLeaseExpiry(job._id, past());
    const second = (await jobs.claim('w2'))!;
    expect(String(second._id)).toBe(String(job._id));
    expect(second).toMatchObject({ worker_id: 'w2', attempts: 2 });
    expect(await jobs.heartbeat(first, 'w1')).toBe(false);
    expect(await jobs.complete(first, 'w1', { from: 'w1' })).toBe(false);
    expect(await jobs.complete(second, 'w2', { from: 'w2' })).toBe(true);
    expect(await jobs.findById(job._id)).toMatchObject({ status: 'done', result: { from: 'w2' }, worker_id: null });
  });

  it('retries a failing job and marks it failed with the reason after three attempts', async () => {
    const job = await enqueuePeaks();
    const outcomes: Array<string | null> = [];
    for (let i = 1; i <= MAX_JOB_ATTEMPTS; i++) {
      const claimed = (await jobs.claim('w1'))!;
      expect(claimed.attempts).toBe(i);
      outcomes.push(await jobs.fail(claimed, 'w1', `decoder broke (${i})`));
    }
    expect(outcomes).toEqual(['queued', 'queued', 'failed']);
    expect(await jobs.claim('w1')).toBeNull();
    expect(await jobs.findById(job._id)).toMatchObject({ status: 'failed', attempts: 3, error: 'decoder broke (3)' });
    // Asked for again, the failed analysis gets a fresh attempt budget; a plain enqueue leaves it failed.
    expect((await enqueuePeaks(job.media_hash)).status).toBe('failed');
    expect(
      await jobs.enqueue({ kind: 'peaks', mediaHash: job.media_hash, mediaPath: job.media_path, retryFailed: true }),
    ).toMatchObject({ status: 'queued', attempts: 0 });
  });

  it('fails a job whose worker died during each of its three attempts', async () => {
    const job = await enqueuePeaks();
    for (let i = 1; i <= MAX_JOB_ATTEMPTS; i++) {
      expect((await jobs.claim(`dead-${i}`))!.attempts).toBe(i);
      await repository.setLeaseExpiry(job._id, past());
    }
    expect(await jobs.claim('w1')).toBeNull();
    const failed = await jobs.failAbandoned();
    expect(failed.map((j) => String(j._id))).toEqual([String(job._id)]);
    expect(await jobs.findById(job._id)).toMatchObject({ status: 'failed', error: ABANDONED_JOB_REASON });
  });

  it('answers a done job as the cached result instead of queueing new work', async () => {
    const job = await enqueuePeaks();
    const claimed = (await jobs.claim('w1'))!;
    await jobs.complete(claimed, 'w1', { peaks_url: '/media/x' });
    const again = await enqueuePeaks(job.media_hash);
    expect(again).toMatchObject({ status: 'done', result: { peaks_url: '/media/x' } });
    expect(String(again._id)).toBe(String(job._id));
    expect(await jobs.claim('w1')).toBeNull();
  });

  it('hands a job back without counting the attempt, and claims the most urgent kind first', async () => {
    const peaks = await enqueuePeaks();
    const autobeat = await jobs.enqueue({ kind: 'autobeat', mediaHash: peaks.media_hash, mediaPath: peaks.media_path });
    const first = (await jobs.claim('w1'))!;
    expect(String(first._id)).toBe(String(autobeat._id));
    expect(await jobs.release(first, 'w1')).toBe(true);
    expect(await jobs.findById(autobeat._id)).toMatchObject({ status: 'queued', attempts: 0 });
  });

  it('counts jobs per status', async () => {
    const counts = await jobs.countByStatus();
    expect(Object.keys(counts).sort()).toEqual(['done', 'failed', 'queued', 'running']);
    expect(counts.failed).toBeGreaterThanOrEqual(1);
    expect(counts.done).toBeGreaterThanOrEqual(1);
  });
});
