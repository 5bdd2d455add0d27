import type { HlPoint, HlPointTop } from '@curator/shared/contract';
import { Injectable } from '@nestjs/common';

import type { StartTimeSource } from '../audios/audios.repository';
import { AudiosService } from '../audios/audios.service';
import { mergeStartTimes } from '../audios/catalog-counters';

/** Template start times over all audios, counted, most frequent first (then earliest). */
export function tallyHlPoints(audios: Iterable<StartTimeSource>): HlPoint[] {
  const perAudio = function* () {
    for (const audio of audios) yield* audio.start_times ?? [];
  };
  return mergeStartTimes(perAudio())
    .sort((a, b) => b.count - a.count || a.start_ms - b.start_ms)
    .map((s) => ({
      audio_asset_start_time_in_ms: s.start_ms,
      count: s.count,
      updated_at: s.newest_created_at ? s.newest_created_at.toISOString() : null,
    }));
}

/**
 * Template start times, counted, most frequent first (docs/rules.md "HL points"). Each audio
 * carries its templates' start times (see the catalog recount), so this reads one small record
 * per audio — from the in-memory audio list where there is one, which keeps the tally until an audio
 * changes (every workspace reads the top one as it opens: 116 ms a tally at 100,000 audios).
 */
@Injectable()
export class HlPointsService {
  constructor(private readonly audios: AudiosService) {}

  async list(): Promise<HlPoint[]> {
    return this.audios.startTimeSummary('hl points', tallyHlPoints);
  }

  /** The first row of the list (the tally kept with it): the default highlight, null when there is no template. */
  async top(): Promise<HlPointTop> {
    const [first] = await this.list();
    return { audio_asset_start_time_in_ms: first?.audio_asset_start_time_in_ms ?? null };
  }
}
