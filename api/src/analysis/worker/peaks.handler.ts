import type { PeaksFile } from '@curator/shared/contract';
import { Injectable } from '@nestjs/common';

import { MediaStoreService, type StoredMedia } from '../../media/media-store.service';
import type { PeaksResult } from '../analysis-results';
import { AnalysisResultsRepository } from '../analysis-results.repository';
import { decodeFile } from '../dsp/decode-audio';
import type { AnalysisJobRecord } from '../jobs/analysis-job.schema';
import type { JobAttempt, JobHandler } from './job-handler';
import { buildPeaksFile } from './peaks-file';

/** File suffix of a peaks JSON beside its media in the store: `<hash>.peaks.json`. */
export const PEAKS_SUFFIX = 'peaks.json';

/**
 * Stores the peaks of the media file `hash` beside it. A workspace opening the audio fetches the file
 * whole, so it is kept with a brotli copy too (about a quarter of the JSON's bytes).
 */
export function storePeaksFile(store: MediaStoreService, hash: string, file: PeaksFile): Promise<StoredMedia> {
  return store.storeCompanion(hash, PEAKS_SUFFIX, Buffer.from(JSON.stringify(file)), { brotliCopy: true });
}

/** Waveform peaks of a media file, stored beside it and linked from every audio using it. */
@Injectable()
export class PeaksHandler implements JobHandler {
  readonly kind = 'peaks' as const;

  constructor(
    private readonly store: MediaStoreService,
    private readonly audios: AnalysisResultsRepository,
  ) {}

  async run({ job, mediaFile }: JobAttempt): Promise<PeaksResult> {
    const audio = await decodeFile(mediaFile);
    const file = buildPeaksFile(audio.channels, audio.sampleRateHz);
    const stored = await storePeaksFile(this.store, job.media_hash, file);
    return { peaks_url: stored.url, duration_s: file.duration_s };
  }

  async onDone(job: AnalysisJobRecord, result: unknown): Promise<void> {
    const { peaks_url, duration_s } = result as PeaksResult;
    await this.audios.setPeaksByMediaHash(job.media_hash, peaks_url, Math.round(duration_s * 1000));
  }
}
