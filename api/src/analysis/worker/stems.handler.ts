import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { Inject, Injectable } from '@nestjs/common';

import { APP_CONFIG } from '../../config/config.module';
import type { AppConfig } from '../../config/env.schema';
import { MediaStoreService } from '../../media/media-store.service';
import { formatStemFailure, STEM_STATUS, type StemsResult, type StemTrackResult } from '../analysis-results';
import { AnalysisResultsRepository } from '../analysis-results.repository';
import { decodeFile } from '../dsp/decode-audio';
import { encodeAudio } from '../dsp/encode-audio';
import { createSeparatorFromConfig, type SeparatedStem, type Separator } from '../dsp/separator';
import type { AnalysisJobRecord } from '../jobs/analysis-job.schema';
import type { JobAttempt, JobHandler } from './job-handler';
import { storePeaksFile } from './peaks.handler';
import { buildPeaksFile } from './peaks-file';

/** Vorbis quality of stored stems (0–10): small files that stream, transparent enough for editing. */
const STEM_OGG_QUALITY = 4;

/** Stem separation by the configured separator; each stem is stored as Ogg Vorbis with its peaks. */
@Injectable()
export class StemsHandler implements JobHandler {
  readonly kind = 'stems' as const;
  private readonly separator: Separator;

  constructor(
    private readonly store: MediaStoreService,
    private readonly audios: AnalysisResultsRepository,
    @Inject(APP_CONFIG) config: AppConfig,
  ) {
    this.separator = createSeparatorFromConfig(config.STEM_SEPARATOR_COMMAND);
  }

  async onStart(job: AnalysisJobRecord): Promise<void> {
    await this.audios.setStemStateByMediaHash(
      job.media_hash,
      [STEM_STATUS.requested, STEM_STATUS.processing],
      STEM_STATUS.processing,
      [],
    );
  }

  async run({ mediaFile }: JobAttempt): Promise<StemsResult> {
    const workDir = await mkdtemp(join(tmpdir(), 'curator-stems-'));
    try {
      const stems = await this.separator.separate(mediaFile, workDir);
      const tracks: StemTrackResult[] = [];
      for (const stem of stems) tracks.push(await this.storeStem(stem));
      return { separator: this.separator.name, tracks };
    } finally {
      await rm(workDir, { recursive: true, force: true });
    }
  }

  async onDone(job: AnalysisJobRecord, result: unknown): Promise<void> {
    const { tracks } = result as StemsResult;
    await this.audios.setStemStateByMediaHash(
      job.media_hash,
      [STEM_STATUS.requested, STEM_STATUS.processing],
      STEM_STATUS.ready,
      tracks,
    );
  }

  async onFailed(job: AnalysisJobRecord, reason: string): Promise<void> {
    await this.audios.setStemStateByMediaHash(
      job.media_hash,
      [STEM_STATUS.requested, STEM_STATUS.processing],
      formatStemFailure(reason),
      [],
    );
  }

  private async storeStem(stem: SeparatedStem): Promise<StemTrackResult> {
    const audio = await decodeFile(stem.path);
    const channels = audio.channels.slice(0, 2);
    const stored = await this.store.storeBuffer(
      await encodeAudio(channels, audio.sampleRateHz, 'ogg', STEM_OGG_QUALITY),
      'ogg',
    );
    const peaks = buildPeaksFile(channels, audio.sampleRateHz);
    const peaksFile = await storePeaksFile(this.store, stored.hash, peaks);
    return { type: stem.type, url: stored.url, peaks_url: peaksFile.url };
  }
}
