import { Injectable } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import type { Model, Types } from 'mongoose';

import { isDuplicateKeyError } from '../../common/duplicate-key';
import { AnalysisJob, type AnalysisJobRecord, type JobKind, type JobStatus } from './analysis-job.schema';

type JobId = Types.ObjectId | string | unknown;

/** Fields of a new job; the rest takes its defaults. */
export type NewJob = Pick<AnalysisJob, 'key' | 'kind' | 'media_hash' | 'media_path' | 'params' | 'priority'>;

/** Jobs looked at per claim; losing a race for one moves on to the next. */
const CLAIM_CANDIDATES = 5;

/** Database access of analysis jobs; every state change is one conditional single-document write. */
@Injectable()
export class JobsRepository {
  constructor(@InjectModel(AnalysisJob.name) private readonly jobs: Model<AnalysisJob>) {}

  /** The job of `key`, inserted as queued when there is none (two racing inserts meet on the unique key). */
  async findOrInsertQueued(job: NewJob, now: Date): Promise<AnalysisJobRecord> {
    const insert = {
      ...job,
      status: 'queued',
      attempts: 0,
      claims: 0,
      available_at: now,
      created_at: now,
      updated_at: now,
      worker_id: null,
      lease_expires_at: null,
      result: null,
      error: null,
      started_at: null,
      finished_at: null,
      run_ms: null,
    };
    try {
      const found = await this.jobs
        .findOneAndUpdate({ key: job.key }, { $setOnInsert: insert }, { upsert: true, new: true })
        .lean<AnalysisJobRecord>()
        .exec();
      if (found) return found;
    } catch (error) {
      if (!isDuplicateKeyError(error)) throw error;
    }
    const existing = await this.findByKey(job.key);
    if (!existing) throw new Error(`Job ${job.key} vanished while being enqueued`);
    return existing;
  }

  /** Puts a failed job back in the queue with a fresh attempt budget; null when it is not failed. */
  requeueFailed(key: string, now: Date): Promise<AnalysisJobRecord | null> {
    return this.jobs
      .findOneAndUpdate(
        { key, status: 'failed' },
        { $set: { status: 'queued', attempts: 0, available_at: now, updated_at: now, finished_at: null } },
        { new: true },
      )
      .lean<AnalysisJobRecord>()
      .exec();
  }

  /**
   * Takes the most urgent job that is queued and due, or running under an expired lease, and still
   * has attempts left: it becomes running for `workerId` until `leaseUntil`. The claim is one
   * conditional write that matches only while the job's claim count is the one read, so of two
   * workers racing for a job exactly one wins (atomic on MongoDB, and on the embedded FerretDB,
   * whose patch runs each write command alone); the loser moves on to the next candidate.
   */
  async claimNext(
    workerId: string,
    now: Date,
    leaseUntil: Date,
    maxAttempts: number,
    kinds: readonly JobKind[],
  ): Promise<AnalysisJobRecord | null> {
    const candidates = await this.jobs
      .find({
        kind: { $in: [...kinds] },
        attempts: { $lt: maxAttempts },
        $or: [
          { status: 'queued', available_at: { $lte: now } },
          { status: 'running', lease_expires_at: { $lt: now } },
        ],
      })
      .sort({ priority: -1, created_at: 1 })
      .limit(CLAIM_CANDIDATES)
      .lean<AnalysisJobRecord[]>()
      .exec();
    for (const job of candidates) {
      const claims = job.claims ?? 0;
      const running = {
        status: 'running' as const,
        worker_id: workerId,
        lease_expires_at: leaseUntil,
        started_at: now,
        updated_at: now,
        claims: claims + 1,
        attempts: job.attempts + 1,
      };
      const res = await this.jobs
        .updateOne({ _id: job._id, claims: claims || { $in: [0, null] } }, { $set: running })
        .exec();
      if (res.modifiedCount > 0) return { ...job, ...running };
    }
    return null;
  }

  /** Running jobs whose lease expired after their last allowed attempt. */
  findAbandonedWithoutAttemptsLeft(now: Date, maxAttempts: number): Promise<AnalysisJobRecord[]> {
    return this.jobs
      .find({ status: 'running', lease_expires_at: { $lt: now }, attempts: { $gte: maxAttempts } })
      .limit(100)
      .lean<AnalysisJobRecord[]>()
      .exec();
  }

  /** Marks an abandoned job failed unless someone changed it meanwhile; true when this call did it. */
  async failAbandoned(id: JobId, leaseExpiresAt: Date, reason: string, now: Date): Promise<boolean> {
    const res = await this.jobs
      .updateOne(
        { _id: id, status: 'running', lease_expires_at: leaseExpiresAt },
        {
          $set: {
            status: 'failed',
            error: reason,
            worker_id: null,
            lease_expires_at: null,
            finished_at: now,
            updated_at: now,
          },
        },
      )
      .exec();
    return res.modifiedCount > 0;
  }

  /** Extends the lease while `workerId` still holds the job; false when the job was lost. */
  async renewLease(id: JobId, workerId: string, leaseUntil: Date, now: Date): Promise<boolean> {
    const res = await this.jobs
      .updateOne(
        { _id: id, status: 'running', worker_id: workerId },
        { $set: { lease_expires_at: leaseUntil, updated_at: now } },
      )
      .exec();
    return res.matchedCount > 0;
  }

  async markDone(id: JobId, workerId: string, result: unknown, now: Date, runMs: number): Promise<boolean> {
    const res = await this.jobs
      .updateOne(
        { _id: id, status: 'running', worker_id: workerId },
        {
          $set: {
            status: 'done',
            result,
            worker_id: null,
            lease_expires_at: null,
            finished_at: now,
            updated_at: now,
            run_ms: runMs,
          },
        },
      )
      .exec();
    return res.modifiedCount > 0;
  }

  /** Ends an attempt in error: back to the queue from `retryAt`, or failed for good when `retryAt` is null. */
  async markAttemptFailed(
    id: JobId,
    workerId: string,
    reason: string,
    now: Date,
    retryAt: Date | null,
  ): Promise<boolean> {
    const next = retryAt ? { status: 'queued', available_at: retryAt } : { status: 'failed', finished_at: now };
    const res = await this.jobs
      .updateOne(
        { _id: id, status: 'running', worker_id: workerId },
        { $set: { ...next, error: reason, worker_id: null, lease_expires_at: null, updated_at: now } },
      )
      .exec();
    return res.modifiedCount > 0;
  }

  /** Hands a running job back to the queue without counting the attempt (a worker shutting down). */
  async release(id: JobId, workerId: string, now: Date): Promise<boolean> {
    const res = await this.jobs
      .updateOne(
        { _id: id, status: 'running', worker_id: workerId },
        {
          $set: { status: 'queued', available_at: now, worker_id: null, lease_expires_at: null, updated_at: now },
          $inc: { attempts: -1 },
        },
      )
      .exec();
    return res.modifiedCount > 0;
  }

  /** Moves a job's lease (tests and operators simulating a stalled worker). */
  async setLeaseExpiry(id: JobId, leaseExpiresAt: Date): Promise<void> {
    await this.jobs.updateOne({ _id: id }, { $set: { lease_expires_at: leaseExpiresAt } }).exec();
  }

  findByKey(key: string): Promise<AnalysisJobRecord | null> {
    return this.jobs.findOne({ key }).lean<AnalysisJobRecord>().exec();
  }

  findById(id: JobId): Promise<AnalysisJobRecord | null> {
    return this.jobs.findOne({ _id: id }).lean<AnalysisJobRecord>().exec();
  }

  countWithStatus(status: JobStatus): Promise<number> {
    return this.jobs.countDocuments({ status }).exec();
  }

  countAll(): Promise<number> {
    return this.jobs.countDocuments({}).exec();
  }
}
