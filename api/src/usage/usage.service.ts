import type { AudioUsageQuery, AudioUsageRow } from '@curator/shared/contract';
import { PAGE_SIZE } from '@curator/shared/domain';
import { Injectable } from '@nestjs/common';

import { AudiosRepository } from '../audios/audios.repository';
import { validationFailed } from '../common/api-errors';
import { ReelsRepository } from '../reels/reels.repository';

export type UsageCount = { musicCanonicalId: string; count: number };

export const WINDOW_ORDER_MESSAGE = 'taken_at_to must not be before taken_at_from';

/** Most used first; equal counts in id order so pages never overlap. */
export function rankUsage(counts: UsageCount[]): UsageCount[] {
  return [...counts].sort(
    (a, b) =>
      b.count - a.count ||
      (a.musicCanonicalId < b.musicCanonicalId ? -1 : a.musicCanonicalId > b.musicCanonicalId ? 1 : 0),
  );
}

/** GET /api/audio-usage/: reels taken within [taken_at_from, taken_at_to], grouped per audio (docs/rules.md "Reports"). */
@Injectable()
export class UsageService {
  constructor(
    private readonly reels: ReelsRepository,
    private readonly audios: AudiosRepository,
  ) {}

  async list(query: AudioUsageQuery): Promise<AudioUsageRow[]> {
    const { taken_at_from: from, taken_at_to: to, skip } = query;
    if (from && to && to < from) {
      throw validationFailed([{ loc: ['query', 'taken_at_to'], msg: WINDOW_ORDER_MESSAGE, type: 'value_error' }]);
    }
    const page = rankUsage(await this.reels.countPerAudio({ from, to })).slice(skip, skip + PAGE_SIZE);
    const audios = new Map(
      (await this.audios.findUsageAudios(page.map((p) => p.musicCanonicalId))).map((a) => [a.music_canonical_id, a]),
    );
    return page.map(({ musicCanonicalId, count }) => {
      const audio = audios.get(musicCanonicalId);
      return {
        id: musicCanonicalId,
        audio_name: audio?.audio_name ?? '',
        artist_name: audio?.artist_name ?? '',
        usage_count: count,
        tags: audio?.tags ?? [],
      };
    });
  }
}
