import type { AutobeatAnswer, StemStatus } from '@curator/shared/contract';
import { isBeforeFirstHighlight, normalizeOffsets } from '@curator/shared/domain';
import {
  ConflictException,
  HttpException,
  HttpStatus,
  Inject,
  Injectable,
  NotFoundException,
  UnprocessableEntityException,
} from '@nestjs/common';

import { AUDIO_NOT_FOUND_MESSAGE } from '../audios/audios.service';
import { APP_CONFIG } from '../config/config.module';
import type { AppConfig } from '../config/env.schema';
import { MEDIA_URL_PREFIX } from '../media/media-store.service';
import { type AutobeatResult, type PeaksResult, STEM_STATUS, type StemsResult } from './analysis-results';
import { AnalysisResultsRepository, type AudioAnalysisSource } from './analysis-results.repository';
import { createSeparatorFromConfig } from './dsp/separator';
import type { AnalysisJobRecord } from './jobs/analysis-job.schema';
import { JobsService } from './jobs/jobs.service';

export const NO_MEDIA_MESSAGE = 'This audio has no media file to analyse';
export const ANALYSIS_QUEUED_MESSAGE =
  'Beat analysis is queued but no analysis worker has started it yet; try again shortly';
export const ANALYSIS_RUNNING_MESSAGE = 'Beat analysis is still running; try again shortly';
export const analysisFailedMessage = (reason: string) => `Beat analysis failed: ${reason}`;

/** How long POST /api/autobeat/ waits on its job before answering 503, ms. */
export const AUTOBEAT_WAIT_MS = 60_000;
const JOB_POLL_MS = 200;
/** Media files the peaks sweep looks at per pass. */
const PEAKS_SWEEP_BATCH = 500;

/** Stored path of a /media/ url (the job keeps the path, each worker resolves it in its own store). */
const toStoredPath = (mediaUrl: string) =>
  mediaUrl.startsWith(MEDIA_URL_PREFIX) ? mediaUrl.slice(MEDIA_URL_PREFIX.length) : mediaUrl;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Autobeat, stems and peaks as seen by the API: enqueue (or reuse) jobs, wait on them, shape the answers. */
@Injectable()
export class AnalysisService {
  private readonly separatorName: string;

  constructor(
    private readonly jobs: JobsService,
    private readonly audios: AnalysisResultsRepository,
    @Inject(APP_CONFIG) config: AppConfig,
  ) {
    this.separatorName = createSeparatorFromConfig(config.STEM_SEPARATOR_COMMAND).name;
  }

  /** POST /api/autobeat/{id}/: the beats of the audio's media, from the cache or from a job waited on. */
  async autobeat(musicCanonicalId: string, waitMs = AUTOBEAT_WAIT_MS): Promise<AutobeatAnswer> {
    const source = await this.findSourceWithMedia(musicCanonicalId);
    const queued = await this.jobs.enqueue({
      kind: 'autobeat',
      mediaHash: source.media_hash!,
      mediaPath: toStoredPath(source.media_url!),
      retryFailed: true,
    });
    const job = await this.waitForJob(queued, waitMs);
    if (job.status === 'done') return toAutobeatAnswer(job.result as AutobeatResult, source);
    if (job.status === 'failed')
      throw new UnprocessableEntityException({ detail: analysisFailedMessage(job.error ?? 'unknown error') });
    throw new HttpException(
      { detail: job.status === 'queued' ? ANALYSIS_QUEUED_MESSAGE : ANALYSIS_RUNNING_MESSAGE },
      HttpStatus.SERVICE_UNAVAILABLE,
    );
  }

  /** POST /api/audio/{id}/stem/: ready at once when this media was separated before, else queued. */
  async requestStems(musicCanonicalId: string): Promise<StemStatus> {
    const source = await this.findSourceWithMedia(musicCanonicalId);
    const job = await this.jobs.enqueue({
      kind: 'stems',
      mediaHash: source.media_hash!,
      mediaPath: toStoredPath(source.media_url!),
      params: { separator: this.separatorName },
      retryFailed: true,
    });
    if (job.status === 'done') {
      const { tracks } = job.result as StemsResult;
      await this.audios.setStemState(musicCanonicalId, STEM_STATUS.ready, tracks);
      return { stem_status: STEM_STATUS.ready, stem_tracks: tracks };
    }
    const status = job.status === 'running' ? STEM_STATUS.processing : STEM_STATUS.requested;
    await this.audios.setStemState(musicCanonicalId, status, []);
    return { stem_status: status, stem_tracks: [] };
  }

  /** GET /api/audio/{id}/stem/ */
  async stemStatus(musicCanonicalId: string): Promise<StemStatus> {
    const source = await this.audios.findAnalysisSource(musicCanonicalId);
    if (!source) throw new NotFoundException(AUDIO_NOT_FOUND_MESSAGE);
    return {
      stem_status: source.stem_status ?? null,
      stem_tracks: (source.stem_tracks ?? []).map((t) => ({
        type: t.type,
        url: t.url,
        peaks_url: t.peaks_url ?? null,
      })),
    };
  }

  /** Queues the peaks of one media file; when they exist already, links them to its audios at once. */
  async enqueuePeaks(mediaHash: string, mediaPath: string): Promise<AnalysisJobRecord> {
    const job = await this.jobs.enqueue({ kind: 'peaks', mediaHash, mediaPath: toStoredPath(mediaPath) });
    if (job.status === 'done') {
      const { peaks_url, duration_s } = job.result as PeaksResult;
      await this.audios.setPeaksByMediaHash(mediaHash, peaks_url, Math.round(duration_s * 1000));
    }
    return job;
  }

  /** Queues peaks for every media file whose audios have none (imports, seeds); answers how many were looked at. */
  async enqueueMissingPeaks(): Promise<number> {
    const media = await this.audios.findMediaWithoutPeaks(PEAKS_SWEEP_BATCH);
    for (const m of media) await this.enqueuePeaks(m.media_hash, m.media_url);
    return media.length;
  }

  private async findSourceWithMedia(musicCanonicalId: string): Promise<AudioAnalysisSource> {
    const source = await this.audios.findAnalysisSource(musicCanonicalId);
    if (!source) throw new NotFoundException(AUDIO_NOT_FOUND_MESSAGE);
    if (!source.media_url || !source.media_hash) throw new ConflictException(NO_MEDIA_MESSAGE);
    return source;
  }

  /** Polls the job document until it is done or failed, or the time is up (the work runs in a worker process). */
  private async waitForJob(job: AnalysisJobRecord, waitMs: number): Promise<AnalysisJobRecord> {
    const deadline = Date.now() + waitMs;
    let current = job;
    while (current.status !== 'done' && current.status !== 'failed' && Date.now() < deadline) {
      await sleep(JOB_POLL_MS);
      current = (await this.jobs.findById(job._id)) ?? current;
    }
    return current;
  }
}

/** The wire answer for one audio: sorted 2-decimal offsets, for music only those after the first highlight. */
export function toAutobeatAnswer(
  result: AutobeatResult,
  source: Pick<AudioAnalysisSource, 'is_original_sound' | 'highlight_start_times_in_ms'>,
): AutobeatAnswer {
  const highlights = source.highlight_start_times_in_ms ?? [];
  const allowed = (beatsS: number[]) =>
    normalizeOffsets(beatsS).filter((o) => !isBeforeFirstHighlight(o, source.is_original_sound, highlights));
  // No beat found (silence): no tempo either, and no variant without beats. Silence was offered at 304 BPM.
  const hasBeats = result.beats_s.length > 0;
  return {
    offsets: allowed(result.beats_s),
    tempo_bpm: hasBeats && result.tempo_bpm > 0 ? result.tempo_bpm : null,
    tempo_alternatives_bpm: hasBeats ? result.tempo_alternatives_bpm.filter((t) => t > 0) : [],
    variants: result.variants
      .filter((v) => v.beats_s.length > 0)
      .map((v) => ({
        factor: v.factor,
        bpm: v.bpm,
        confidence: v.confidence,
        offsets: allowed(v.beats_s),
      })),
    onsets: normalizeOffsets(result.onsets_s),
  };
}
