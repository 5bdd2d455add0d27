import { Injectable } from '@nestjs/common';

import type { AutobeatResult } from '../analysis-results';
import { trackFileBeats } from '../dsp/beat-tracker';
import type { JobAttempt, JobHandler } from './job-handler';

/** Beat tracking of a whole media file; the answer's highlight rule is applied per audio by the API. */
@Injectable()
export class AutobeatHandler implements JobHandler {
  readonly kind = 'autobeat' as const;

  async run({ mediaFile }: JobAttempt): Promise<AutobeatResult> {
    const analysis = await trackFileBeats(mediaFile);
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
      duration_s: analysis.durationS,
    };
  }
}
