import { Injectable } from '@nestjs/common';
import type { HlPoint, HlPointTop } from '@curator/shared/contract';
import { AudiosService } from '../audios/audios.service';
import type { StartTimeSource } from '../audios/audios.repository';

/** Distinct start times listed at most; highlight times cluster on a handful of values. */
export const HL_POINTS_LIMIT = 100;

/** Template start times over all audios, counted, most frequent first (then earliest), at most `limit`. */
export function tallyHlPoints(audios: Iterable<StartTimeSource>, limit: number): HlPoint[] {
  const byStart = new Map<number, { count: number; newest: Date | null }>();
  for (const audio of audios) {
    for (const s of audio.start_times ?? []) {
      const entry = byStart.get(s.start_ms) ?? { count: 0, newest: null };
      entry.count += s.count;
      if (s.newest_created_at && (!entry.newest || s.newest_created_at > entry.newest)) entry.newest = s.newest_created_at;
      byStart.set(s.start_ms, entry);
    }
  }
  return [...byStart]
    .sort(([a, x], [b, y]) => y.count - x.count || a - b)
    .slice(0, limit)
    .map(([start, { count, newest }]) => ({ audio_asset_start_time_in_ms: start, count, updated_at: newest ? newest.toISOString() : null }));
}

/**
 * Template start times, counted, most frequent first (behaviour.md "HL points"). Each audio
 * carries its templates' start times (see the catalog recount), so this reads one small record
 * per audio — from the in-memory audio list where there is one.
 */
@Injectable()
export class HlPointsService {
  constructor(private readonly audios: AudiosService) {}

  async list(): Promise<HlPoint[]> {
    return tallyHlPoints(await this.audios.startTimeSources(), HL_POINTS_LIMIT);
  }

  /** The first row of the list: the default highlight, null when there is no template. */
  async top(): Promise<HlPointTop> {
    const [first] = tallyHlPoints(await this.audios.startTimeSources(), 1);
    return { audio_asset_start_time_in_ms: first?.audio_asset_start_time_in_ms ?? null };
  }
}
