import { Inject, Injectable } from '@nestjs/common';

import { APP_CONFIG } from '../../config/config.module';
import type { AppConfig } from '../../config/env.schema';
import { type AnalysisJobRecord, JOB_KINDS, JOB_STATUSES, type JobKind, type JobStatus } from './analysis-job.schema';
import { ANALYSIS_VERSIONS, buildJobKey, JOB_PRIORITIES, MAX_JOB_ATTEMPTS } from './job-keys';
import { JobsRepository } from './jobs.repository';

export type EnqueueRequest = {
  kind: JobKind;
  mediaHash: string;
  mediaPath: string;
  params?: Record<string, unknown>;
  retryFailed?: boolean;
};

/** Why a job whose worker vanished during its last attempt was given up. */
export const ABANDONED_JOB_REASON = `The worker stopped responding during each of ${MAX_JOB_ATTEMPTS} attempts`;

/** How much longer than the base lease a kind's lease lasts (separation runs long stretches without a heartbeat). */
const LEASE_FACTORS: Record<JobKind, number> = { autobeat: 1, peaks: 1, stems: 5 };

/**
 * Analysis jobs as database documents: idempotent enqueue per kind + content hash + parameters,
 * atomic claims with a lease, heartbeats, and up to MAX_JOB_ATTEMPTS attempts. No state in the process,
 * so any number of workers on any machines can share the queue.
 */
@Injectable()
export class JobsService {
  constructor(
    private readonly jobs: JobsRepository,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /** The job for this analysis: a done one is the cached result; a failed one is queued again when `retryFailed`. */
  async enqueue(request: EnqueueRequest): Promise<AnalysisJobRecord> {
    const params = { ...request.params, v: ANALYSIS_VERSIONS[request.kind] };
    const key = buildJobKey(request.kind, request.mediaHash, params);
    const now = new Date();
    const job = await this.jobs.findOrInsertQueued(
      {
        key,
        kind: request.kind,
        media_hash: request.mediaHash,
        media_path: request.mediaPath,
        params,
        priority: JOB_PRIORITIES[request.kind],
      },
      now,
    );
    if (job.status !== 'failed' || !request.retryFailed) return job;
    return (await this.jobs.requeueFailed(key, now)) ?? (await this.jobs.findByKey(key))!;
  }

  /** Lease length of a kind, ms. */
  leaseMsFor(kind: JobKind): number {
    return this.config.ANALYSIS_LEASE_MS * LEASE_FACTORS[kind];
  }

  /** Takes the next job for `workerId`, or null when nothing is due. */
  async claim(
    workerId: string,
    kinds: readonly JobKind[] = JOB_KINDS,
    now = new Date(),
  ): Promise<AnalysisJobRecord | null> {
    // The lease is set for the longest kind, then shortened to the claimed kind's own length.
    const longest = Math.max(...kinds.map((k) => this.leaseMsFor(k)));
    const job = await this.jobs.claimNext(workerId, now, new Date(now.getTime() + longest), MAX_JOB_ATTEMPTS, kinds);
    if (job && this.leaseMsFor(job.kind) !== longest) {
      const until = new Date(now.getTime() + this.leaseMsFor(job.kind));
      await this.jobs.renewLease(job._id, workerId, until, now);
      job.lease_expires_at = until;
    }
    return job;
  }

  /** Marks failed the running jobs whose worker vanished on their last attempt; answers those this call failed. */
  async failAbandoned(now = new Date()): Promise<AnalysisJobRecord[]> {
    const failed: AnalysisJobRecord[] = [];
    for (const job of await this.jobs.findAbandonedWithoutAttemptsLeft(now, MAX_JOB_ATTEMPTS)) {
      if (await this.jobs.failAbandoned(job._id, job.lease_expires_at!, ABANDONED_JOB_REASON, now)) {
        failed.push({ ...job, status: 'failed', error: ABANDONED_JOB_REASON });
      }
    }
    return failed;
  }

  /** Renews the lease; false when the job is no longer this worker's (its result would be ignored). */
  heartbeat(job: AnalysisJobRecord, workerId: string): Promise<boolean> {
    const now = new Date();
    return this.jobs.renewLease(job._id, workerId, new Date(now.getTime() + this.leaseMsFor(job.kind)), now);
  }

  /** Stores the result; false when the job was lost to another worker meanwhile. */
  complete(job: AnalysisJobRecord, workerId: string, result: unknown): Promise<boolean> {
    const now = new Date();
    const runMs = job.started_at ? now.getTime() - new Date(job.started_at).getTime() : 0;
    return this.jobs.markDone(job._id, workerId, result, now, runMs);
  }

  /**
   * Ends an attempt in error: queued again after a back-off while attempts remain, else failed with `reason`. `final`:
   * failed at once, for an error another attempt cannot mend (a file that is not audio).
   */
  async fail(job: AnalysisJobRecord, workerId: string, reason: string, final = false): Promise<JobStatus | null> {
    const now = new Date();
    const isFinal = final || job.attempts >= MAX_JOB_ATTEMPTS;
    const retryAt = isFinal ? null : new Date(now.getTime() + this.config.ANALYSIS_RETRY_DELAY_MS * job.attempts);
    const changed = await this.jobs.markAttemptFailed(job._id, workerId, reason.slice(0, 2000), now, retryAt);
    return changed ? (isFinal ? 'failed' : 'queued') : null;
  }

  /** Gives a job back untouched (attempt not counted) when its worker stops before finishing it. */
  release(job: AnalysisJobRecord, workerId: string): Promise<boolean> {
    return this.jobs.release(job._id, workerId, new Date());
  }

  findById(id: unknown): Promise<AnalysisJobRecord | null> {
    return this.jobs.findById(id);
  }

  findByKey(key: string): Promise<AnalysisJobRecord | null> {
    return this.jobs.findByKey(key);
  }

  /** Jobs per status, for the metrics page (queued and failed analysis jobs). */
  async countByStatus(): Promise<Record<JobStatus, number>> {
    const counts = await Promise.all(JOB_STATUSES.map((s) => this.jobs.countWithStatus(s)));
    return Object.fromEntries(JOB_STATUSES.map((s, i) => [s, counts[i]])) as Record<JobStatus, number>;
  }
}
