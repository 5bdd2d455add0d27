import { Injectable, OnApplicationBootstrap } from '@nestjs/common';
import { InjectConnection } from '@nestjs/mongoose';
import type { Connection } from 'mongoose';

export type DatabaseSize = { bytes: number | null; source: 'dbStats' | 'collStats' | null };

/**
 * How old the database size may be. dbStats counts the documents of every collection: at 100,000
 * audios on the embedded database it takes seconds, so the size is measured at start and then in
 * the background at most once a minute, and a request answers the last measurement.
 */
const SIZE_MAX_AGE_MS = 60_000;

/** The database's own figures (its size); every count comes from the module that owns the records. */
@Injectable()
export class MetricsRepository implements OnApplicationBootstrap {
  private size: { value: DatabaseSize; at: number } | null = null;
  private measuring: Promise<DatabaseSize> | null = null;

  constructor(@InjectConnection() private readonly connection: Connection) {}

  onApplicationBootstrap(): void {
    void this.remeasure().catch(() => undefined);
  }

  /** The database size as last measured (at most a minute ago, or being measured again now). */
  async databaseSize(): Promise<DatabaseSize> {
    if (this.size && Date.now() - this.size.at < SIZE_MAX_AGE_MS) return this.size.value;
    const fresh = this.remeasure();
    return this.size ? this.size.value : fresh;
  }

  private remeasure(): Promise<DatabaseSize> {
    this.measuring ??= this.measure()
      .then((value) => {
        // A database measured before its first collection existed reads 0: measure it again next time.
        if (value.bytes !== 0) this.size = { value, at: Date.now() };
        return value;
      })
      .finally(() => {
        this.measuring = null;
      });
    return this.measuring;
  }

  /** Database size in bytes from dbStats; else the sum of collStats sizes; else null. */
  private async measure(): Promise<DatabaseSize> {
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
