import { Inject, Injectable } from '@nestjs/common';
import { InjectConnection } from '@nestjs/mongoose';
import type { Connection } from 'mongoose';

import { APP_CONFIG } from '../config/config.module';
import type { AppConfig } from '../config/env.schema';
import { ChangeFeed } from './change-feed';

/**
 * Decides, once per process, whether the lists (audios, approvals) are answered from memory. Every process on
 * one database decides alike (the setting, or the server's kind), so writers append to the change
 * feed exactly when readers follow it.
 */
@Injectable()
export class ListIndexMode {
  private decided?: Promise<boolean>;

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @InjectConnection() private readonly connection: Connection,
  ) {}

  /** The change feed of one stream (a collection whose rows a list keeps in memory). */
  feed(stream: string): ChangeFeed {
    return new ChangeFeed(this.connection, stream);
  }

  usesMemory(): Promise<boolean> {
    this.decided ??= this.decide().catch((error: unknown) => {
      this.decided = undefined;
      throw error;
    });
    return this.decided;
  }

  /**
   * Runs a write that may change the documents `ids`, then records them in `feed` where lists are
   * kept in memory, even when the write failed part-way (an id recorded needlessly costs one re-read).
   */
  async recording<T>(feed: ChangeFeed, ids: string[], write: () => Promise<T>): Promise<T> {
    try {
      return await write();
    } finally {
      await this.record(feed, ids);
    }
  }

  /** Records in `feed` that the documents `ids` changed, where lists are kept in memory. */
  async record(feed: ChangeFeed, ids: string[]): Promise<void> {
    if (ids.length > 0 && (await this.usesMemory())) await feed.append(ids);
  }

  /**
   * A write by filter: one `writeAll` where lists are read from the database; where they are kept
   * in memory, the ids are read first so the change can be recorded (rows added meanwhile record
   * their own change).
   */
  async writeByFilter(
    feed: ChangeFeed,
    findIds: () => Promise<string[]>,
    writeAll: () => Promise<unknown>,
    writeIds: (ids: string[]) => Promise<unknown>,
  ): Promise<void> {
    if (!(await this.usesMemory())) {
      await writeAll();
      return;
    }
    const ids = await findIds();
    if (ids.length > 0) await this.recording(feed, ids, () => writeIds(ids));
  }

  private async decide(): Promise<boolean> {
    if (this.config.AUDIO_LIST_INDEX !== 'auto') return this.config.AUDIO_LIST_INDEX === 'memory';
    await this.connection.asPromise();
    const info = await this.connection.db!.admin().command({ buildInfo: 1 });
    return 'ferretdbVersion' in info;
  }
}
