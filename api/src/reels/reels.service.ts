import { Injectable } from '@nestjs/common';

import type { ReelRecord } from './reel.schema';
import { ReelCounterRow, ReelsRepository } from './reels.repository';

/** Reels: the usage events behind reel counts, growth and the audio usage report. */
@Injectable()
export class ReelsService {
  constructor(private readonly reels: ReelsRepository) {}

  countPerAudio(window: { from?: Date; to?: Date }): Promise<Array<{ musicCanonicalId: string; count: number }>> {
    return this.reels.countPerAudio(window);
  }

  findCounterRows(musicCanonicalIds: string[]): Promise<ReelCounterRow[]> {
    return this.reels.findCounterRows(musicCanonicalIds);
  }

  upsertMany(records: ReelRecord[]): Promise<void> {
    return this.reels.upsertMany(records);
  }

  insertMany(records: ReelRecord[]): Promise<void> {
    return this.reels.insertMany(records);
  }

  findOwners(codes: string[]): Promise<Map<string, string>> {
    return this.reels.findOwners(codes);
  }
}
