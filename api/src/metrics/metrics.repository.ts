import { Injectable } from '@nestjs/common';
import { InjectConnection } from '@nestjs/mongoose';
import type { Connection } from 'mongoose';

export type DatabaseSize = { bytes: number | null; source: 'dbStats' | 'collStats' | null };

/** The database's own figures (its size); every count comes from the module that owns the records. */
@Injectable()
export class MetricsRepository {
  constructor(@InjectConnection() private readonly connection: Connection) {}

  /** Database size in bytes from dbStats; else the sum of collStats sizes; else null. */
  async databaseSize(): Promise<DatabaseSize> {
    const db = this.connection.db;
    if (!db) return { bytes: null, source: null };
    try {
      const stats = await db.command({ dbStats: 1 });
      const bytes = Number(
        stats.totalSize ?? Number(stats.storageSize ?? stats.dataSize ?? NaN) + Number(stats.indexSize ?? 0),
      );
      if (Number.isFinite(bytes)) return { bytes, source: 'dbStats' };
    } catch {
      // Some MongoDB-compatible servers lack dbStats: fall back to per-collection stats.
    }
    try {
      const names = (await db.listCollections({}, { nameOnly: true }).toArray()).map((c) => c.name);
      let bytes = 0;
      for (const name of names) {
        const stats = await db.command({ collStats: name });
        bytes += Number(stats.totalSize ?? Number(stats.storageSize ?? 0) + Number(stats.totalIndexSize ?? 0)) || 0;
      }
      return { bytes, source: 'collStats' };
    } catch {
      return { bytes: null, source: null };
    }
  }
}
