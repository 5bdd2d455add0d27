import { Injectable } from '@nestjs/common';
import { InjectConnection } from '@nestjs/mongoose';
import type { Connection } from 'mongoose';

export type UsageWindow = { from?: Date; to?: Date };
export type UsageCount = { musicCanonicalId: string; count: number };
export type UsageAudio = { music_canonical_id: string; audio_name: string; artist_name: string; tags: string[] };

/**
 * Read-only access to the reels and audios the catalog module writes. Reels are counted in the
 * API from a projected, indexed scan: FerretDB's $group slows down sharply with many groups.
 */
@Injectable()
export class UsageRepository {
  constructor(@InjectConnection() private readonly connection: Connection) {}

  /** Reels per audio taken within the window (both ends inclusive). */
  async countReelsPerAudio(window: UsageWindow): Promise<UsageCount[]> {
    const takenAt: Record<string, Date> = {};
    if (window.from) takenAt.$gte = window.from;
    if (window.to) takenAt.$lte = window.to;
    const filter = Object.keys(takenAt).length ? { taken_at: takenAt } : {};
    const cursor = this.connection
      .collection('reels')
      .find(filter, { projection: { _id: 0, music_canonical_id: 1 }, batchSize: 5000 });
    const counts = new Map<string, number>();
    for await (const reel of cursor) {
      const id = reel.music_canonical_id as string;
      counts.set(id, (counts.get(id) ?? 0) + 1);
    }
    return [...counts].map(([musicCanonicalId, count]) => ({ musicCanonicalId, count }));
  }

  async findAudios(musicCanonicalIds: string[]): Promise<UsageAudio[]> {
    if (musicCanonicalIds.length === 0) return [];
    const rows = await this.connection
      .collection<{ _id: string }>('audios')
      .find(
        { _id: { $in: musicCanonicalIds } },
        { projection: { _id: 0, music_canonical_id: 1, audio_name: 1, artist_name: 1, tags: 1 } },
      )
      .toArray();
    return rows as unknown as UsageAudio[];
  }
}
