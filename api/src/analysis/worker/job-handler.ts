import type { AnalysisJobRecord, JobKind } from '../jobs/analysis-job.schema';

/** What a handler gets for one attempt: the job and the media file resolved in this worker's store. */
export type JobAttempt = { job: AnalysisJobRecord; mediaFile: string };

/** The work of one job kind; `run` answers the result stored on the job (and cached by content hash). */
export type JobHandler = {
  kind: JobKind;
  /** Before each attempt (e.g. show `processing`). */
  onStart?: (job: AnalysisJobRecord) => Promise<void>;
  run: (attempt: JobAttempt) => Promise<unknown>;
  /** After the result was stored (e.g. copy it onto the audios). */
  onDone?: (job: AnalysisJobRecord, result: unknown) => Promise<void>;
  /** When the job failed for good, with the reason shown to users. */
  onFailed?: (job: AnalysisJobRecord, reason: string) => Promise<void>;
};

/** Injection token of the list of handlers the worker runs. */
export const JOB_HANDLERS = 'ANALYSIS_JOB_HANDLERS';
