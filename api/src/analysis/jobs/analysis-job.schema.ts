import { Prop, Schema, SchemaFactory } from '@nestjs/mongoose';
import { Schema as MongooseSchema } from 'mongoose';

export const JOB_KINDS = ['autobeat', 'peaks', 'stems'] as const;
export type JobKind = (typeof JOB_KINDS)[number];

export const JOB_STATUSES = ['queued', 'running', 'done', 'failed'] as const;
export type JobStatus = (typeof JOB_STATUSES)[number];

/**
 * One analysis of one media file. `key` (kind + content hash + parameters) is unique, so asking
 * twice for the same analysis finds the same document, and a done job is the cached result.
 */
@Schema({ collection: 'analysis_jobs', versionKey: false })
export class AnalysisJob {
  @Prop({ type: String, required: true, unique: true })
  key!: string;

  @Prop({ type: String, required: true, enum: JOB_KINDS })
  kind!: JobKind;

  /** SHA-256 of the media file (its name in the store). */
  @Prop({ type: String, required: true, index: true })
  media_hash!: string;

  /** Stored path of the media inside the media store (e.g. `ab/ab12….mp3`), resolved by each worker. */
  @Prop({ type: String, required: true })
  media_path!: string;

  /** Parameters that change the result (e.g. the separator); part of the key. */
  @Prop({ type: MongooseSchema.Types.Mixed, default: () => ({}) })
  params!: Record<string, unknown>;

  @Prop({ type: String, required: true, enum: JOB_STATUSES, index: true })
  status!: JobStatus;

  /** Higher first: someone waits on autobeat, nobody waits on a background peaks job. */
  @Prop({ type: Number, default: 0 })
  priority!: number;

  /** Claims ever made (never decreases): a claim is a write conditional on the count it read. */
  @Prop({ type: Number, default: 0 })
  claims!: number;

  /** Claims so far (a claim counts whether the attempt ends in success, error or a dead worker). */
  @Prop({ type: Number, default: 0 })
  attempts!: number;

  /** A queued job is not claimed before this time (back-off after a failed attempt). */
  @Prop({ type: Date, required: true })
  available_at!: Date;

  @Prop({ type: String, default: null })
  worker_id!: string | null;

  /** While running: another worker may take the job over once this has passed. */
  @Prop({ type: Date, default: null })
  lease_expires_at!: Date | null;

  @Prop({ type: MongooseSchema.Types.Mixed, default: null })
  result!: unknown;

  /** Reason of the last failed attempt (kept after a later success for the record). */
  @Prop({ type: String, default: null })
  error!: string | null;

  @Prop({ type: Date, required: true })
  created_at!: Date;

  @Prop({ type: Date, required: true })
  updated_at!: Date;

  @Prop({ type: Date, default: null })
  started_at!: Date | null;

  @Prop({ type: Date, default: null })
  finished_at!: Date | null;

  /** Wall time of the successful attempt, ms. */
  @Prop({ type: Number, default: null })
  run_ms!: number | null;
}

export const AnalysisJobSchema = SchemaFactory.createForClass(AnalysisJob);
AnalysisJobSchema.index({ status: 1, priority: -1, created_at: 1 });

/** A job as read from the database. */
export type AnalysisJobRecord = AnalysisJob & { _id: unknown };
