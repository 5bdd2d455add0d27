import { Inject, Injectable, OnApplicationBootstrap, OnModuleDestroy } from '@nestjs/common';
import { InjectConnection } from '@nestjs/mongoose';
import type { TopologyDescriptionChangedEvent } from 'mongodb';
import type { Connection } from 'mongoose';

import { createLogger } from '../common/logger';
import { APP_CONFIG } from '../config/config.module';
import type { AppConfig } from '../config/env.schema';

/**
 * Follows the driver's view of the database: one log line when it becomes unreachable (requests
 * answer 503 meanwhile) and one when it is back. When it stays away DB_DOWN_EXIT_AFTER seconds,
 * `onGiveUp` runs: main.ts makes the process exit non-zero so that a supervisor restarts it.
 */
@Injectable()
export class DatabaseWatch implements OnApplicationBootstrap, OnModuleDestroy {
  private downSince: number | null = null;
  private giveUpTimer?: NodeJS.Timeout;
  private readonly logger;
  onGiveUp: (downForS: number) => void = () => undefined;

  constructor(
    @InjectConnection() private readonly connection: Connection,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {
    this.logger = createLogger(config.LOG_LEVEL);
  }

  onApplicationBootstrap(): void {
    this.connection
      .getClient()
      .on('topologyDescriptionChanged', (event: TopologyDescriptionChangedEvent) =>
        this.changed([...event.newDescription.servers.values()].some((s) => s.type !== 'Unknown')),
      );
  }

  onModuleDestroy(): void {
    clearTimeout(this.giveUpTimer);
  }

  get isDown(): boolean {
    return this.downSince !== null;
  }

  private changed(up: boolean): void {
    if (up && this.downSince !== null) {
      const after = ((Date.now() - this.downSince) / 1000).toFixed(1);
      this.downSince = null;
      clearTimeout(this.giveUpTimer);
      this.logger.info(`Database connection restored after ${after} s`);
    } else if (!up && this.downSince === null) {
      this.downSince = Date.now();
      const limitS = this.config.DB_DOWN_EXIT_AFTER;
      this.logger.warn(
        `Database connection lost; answering 503 until it is back${limitS ? ` (giving up after ${limitS} s)` : ''}`,
      );
      if (limitS > 0) {
        this.giveUpTimer = setTimeout(() => {
          this.logger.fatal(`Database unreachable for ${limitS} s; giving up`);
          this.onGiveUp(limitS);
        }, limitS * 1000);
        this.giveUpTimer.unref();
      }
    }
  }
}
