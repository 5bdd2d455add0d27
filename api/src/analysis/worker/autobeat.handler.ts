import { Injectable } from '@nestjs/common';

import type { AutobeatResult } from '../analysis-results';
import { AUTOBEAT_DECODE, trackBeats } from '../dsp/beat-tracker';
import { decodeFile } from '../dsp/decode-audio';
import { downmixToMono } from '../dsp/downmix';
import type { JobAttempt, JobHandler } from './job-handler';

/** Beat tracking of a whole media file; the answer's highlight rule is applied per audio by the API. */
@Injectable()
export class AutobeatHandler implements JobHandler {
  readonly kind = 'autobeat' as const;

  async run({ mediaFile }: JobAttempt): Promise<AutobeatResult> {
    const audio = await decodeFile(mediaFile, AUTOBEAT_DECODE);
    const analysis = trackBeats(downmixToMono(audio.channels), audio.sampleRateHz);
    return {
      beats_s: analysis.beatsS,
      tempo_bpm: analysis.tempoBpm,
      tempo_alternatives_bpm: analysis.tempoAlternativesBpm,
      variants: analysis.variants.map(({ factor, bpm, confidence, beatsS }) => ({
        factor,
        bpm,
        confidence,
        beats_s: beatsS,
      })),
      onsets_s: analysis.onsetsS,
      duration_s: audio.durationS,
    };
  }
}
