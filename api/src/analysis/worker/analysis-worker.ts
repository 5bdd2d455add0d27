import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';

import { Inject, Injectable, OnApplicationShutdown } from '@nestjs/common';
import type { Logger } from 'pino';

import { createLogger } from '../../common/logger';
import { APP_CONFIG } from '../../config/config.module';
import type { AppConfig } from '../../config/env.schema';
import { MediaStoreService } from '../../media/media-store.service';
import { AnalysisService } from '../analysis.service';
import { isFfmpegAvailable, isMpg123Available, UndecodableMediaError } from '../dsp/decode-audio';
import type { AnalysisJobRecord } from '../jobs/analysis-job.schema';
import { JobsService } from '../jobs/jobs.service';
import { JOB_HANDLERS, type JobHandler } from './job-handler';

export type WorkerOptions = {
  /** Wait between empty polls of the queue, ms. */
  idlePollMs?: number;
  /** Interval of the sweep that enqueues peaks for media lacking them, ms (0 = never). */
  peaksSweepMs?: number;
  /** How long a stop waits for the current job before handing it back, ms. */
  stopGraceMs?: number;
};

const errorText = (error: unknown) => (error instanceof Error ? error.message : String(error)) || 'Unknown error';

/**
 * Claims analysis jobs one at a time and runs them, renewing the lease while it works. Holds no
 * state another worker would need: everything is in the job documents.
 */
@Injectable()
export class AnalysisWorker implements OnApplicationShutdown {
  readonly workerId = `${hostname()}:${process.pid}:${randomBytes(3).toString('hex')}`;
  private readonly handlers: Map<string, JobHandler>;
  private readonly logger: Logger;
  private loop: Promise<void> | null = null;
  private stopping = false;
  private wake: () => void = () => undefined;
  private current: { job: AnalysisJobRecord; done: Promise<void> } | null = null;

  constructor(
    private readonly jobs: JobsService,
    private readonly store: MediaStoreService,
    private readonly analysis: AnalysisService,
    @Inject(JOB_HANDLERS) handlers: JobHandler[],
    @Inject(APP_CONFIG) config: AppConfig,
  ) {
    this.handlers = new Map(handlers.map((h) => [h.kind, h]));
    this.logger = createLogger(config.LOG_LEVEL).child({ worker: this.workerId });
  }

  /** Starts the loop (once). */
  start(options: WorkerOptions = {}): void {
    if (this.loop) return;
    // Whether the decoders are installed is asked once per process (60-80 ms to start ffmpeg): asked now, the first
    // autobeat or peaks job does not wait for it.
    isFfmpegAvailable();
    isMpg123Available();
    this.stopping = false;
    this.loop = this.runLoop({ idlePollMs: 1000, peaksSweepMs: 30_000, stopGraceMs: 20_000, ...options });
  }

  /** Stops claiming; waits for the current job up to the grace time, else hands it back to the queue. */
  async stop(stopGraceMs = 20_000): Promise<void> {
    this.stopping = true;
    this.wake();
    const current = this.current;
    const isFinished =
      !current ||
      (await Promise.race([
        current.done.then(() => true),
        new Promise<boolean>((resolve) => setTimeout(() => resolve(false), stopGraceMs).unref()),
      ]));
    // A handed-back job's late result is refused by complete(), which checks the holder.
    if (!isFinished) await this.jobs.release(current!.job, this.workerId).catch(() => false);
    else await this.loop;
    this.loop = null;
  }

  onApplicationShutdown(): Promise<void> {
    return this.stop();
  }

  /** Claims and runs one job; false when none was due. */
  async runOnce(): Promise<boolean> {
    for (const job of await this.jobs.failAbandoned()) await this.reportFailure(job, job.error ?? 'failed');
    const job = await this.jobs.claim(this.workerId, [...this.handlers.keys()] as AnalysisJobRecord['kind'][]);
    if (!job) return false;
    const done = this.runJob(job);
    this.current = { job, done };
    try {
      await done;
    } finally {
      this.current = null;
    }
    return true;
  }

  private async runJob(job: AnalysisJobRecord): Promise<void> {
    const handler = this.handlers.get(job.kind)!;
    const beat = setInterval(
      () => void this.jobs.heartbeat(job, this.workerId).catch(() => false),
      this.jobs.leaseMsFor(job.kind) / 4,
    );
    beat.unref();
    const started = Date.now();
    try {
      const mediaFile = this.store.resolve(job.media_path);
      if (!mediaFile) throw new Error(`Not a stored media path: ${job.media_path}`);
      await handler.onStart?.(job);
      const result = await handler.run({ job, mediaFile });
      if (await this.jobs.complete(job, this.workerId, result)) await handler.onDone?.(job, result);
      this.logger.info({ job: job.key, attempt: job.attempts, ms: Date.now() - started }, 'analysis job done');
    } catch (error) {
      const reason = errorText(error);
      // A file that is not audio stays so: no attempt after this one (each took the whole decode again, about 17 s
      // over three attempts and their back-off before the caller heard why).
      const status = await this.jobs.fail(job, this.workerId, reason, error instanceof UndecodableMediaError);
      this.logger.warn({ job: job.key, attempt: job.attempts, reason, status }, 'analysis job attempt failed');
      if (status === 'failed') await this.reportFailure(job, reason);
    } finally {
      clearInterval(beat);
    }
  }

  private async reportFailure(job: AnalysisJobRecord, reason: string): Promise<void> {
    await this.handlers
      .get(job.kind)
      ?.onFailed?.(job, reason)
      .catch((error) => this.logger.error({ err: error }, 'failure hook failed'));
  }

  private async runLoop(options: Required<WorkerOptions>): Promise<void> {
    let nextSweep = 0;
    while (!this.stopping) {
      let worked = false;
      try {
        if (options.peaksSweepMs > 0 && Date.now() >= nextSweep) {
          nextSweep = Date.now() + options.peaksSweepMs;
          await this.analysis.enqueueMissingPeaks();
        }
        worked = await this.runOnce();
      } catch (error) {
        this.logger.error({ err: error }, 'analysis worker loop error');
      }
      if (!worked && !this.stopping)
        await new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, options.idlePollMs);
          this.wake = () => {
            clearTimeout(timer);
            resolve();
          };
        });
    }
  }
}
