import { Injectable, OnModuleDestroy } from '@nestjs/common';

import { AudiosRepository, type GrowthSource } from './audios.repository';
import { growthAt, keepRecentReelHours } from './catalog-counters';
import { CatalogFiguresRepository } from './catalog-figures.repository';

/** How often Growth is brought up to date: it is exact to the hour. */
export const GROWTH_REFRESH_MS = 60 * 60 * 1000;

/**
 * Keeps every audio's Growth equal to its reels of the seven days before now as the window moves:
 * each audio carries its recent reels per hour, and every hour the figures that moved are stored
 * (so the Growth sort and filter stay right between imports).
 */
@Injectable()
export class GrowthRefreshService implements OnModuleDestroy {
  private timer: NodeJS.Timeout | null = null;

  constructor(
    private readonly audios: AudiosRepository,
    private readonly figures: CatalogFiguresRepository,
  ) {}

  /** Refreshes now, then every GROWTH_REFRESH_MS (API processes call this once). */
  start(onError: (error: Error) => void): void {
    const run = () => void this.refresh().catch(onError);
    run();
    this.timer = setInterval(run, GROWTH_REFRESH_MS);
    this.timer.unref();
  }

  /** Stores Growth as of `now` for every audio whose figure or buckets moved; answers how many. */
  async refresh(now = new Date()): Promise<number> {
    const sources = await this.audios.list.matching({ 'reel_hours.0': { $exists: true } });
    const moved: GrowthSource[] = [];
    for (const audio of sources) {
      const hours = audio.reel_hours ?? [];
      if (hours.length === 0) continue;
      const kept = keepRecentReelHours(hours, now);
      const growth = growthAt(kept, now);
      if (growth !== audio.growth || kept.length !== hours.length)
        moved.push({ music_canonical_id: audio.music_canonical_id, growth, reel_hours: kept });
    }
    await this.figures.setGrowth(moved);
    return moved.length;
  }

  onModuleDestroy(): void {
    if (this.timer) clearInterval(this.timer);
  }
}
