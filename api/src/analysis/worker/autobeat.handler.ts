import { Injectable } from '@nestjs/common';

import type { AutobeatResult } from '../analysis-results';
import { trackBeats } from '../dsp/beat-tracker';
import { decodeFile } from '../dsp/decode-audio';
import { downmixToMono } from '../dsp/downmix';
import type { JobAttempt, JobHandler } from './job-handler';

/** Beat tracking of a whole media file; the answer's highlight rule is applied per audio by the API. */
@Injectable()
export class AutobeatHandler implements JobHandler {
  readonly kind = 'autobeat' as const;

  async run({ mediaFile }: JobAttempt): Promise<AutobeatResult> {
    const audio = await decodeFile(mediaFile);
    const analysis = trackBeats(downmixToMono(audio.channels), audio.sampleRateHz);
    return {
      beats_s: analysis.beatsS,
      tempo_bpm: analysis.tempoBpm,
      tempo_alternatives_bpm: analysis.tempoAlternativesBpm,
      variants: analysis.variants.map((v) => ({
        factor: v.factor,
        bpm: v.bpm,
        confidence: v.confidence,
        beats_s: v.beatsS,
      })),
      onsets_s: analysis.onsetsS,
      duration_s: audio.durationS,
    };
  }
}
