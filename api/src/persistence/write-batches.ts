import { Injectable } from '@nestjs/common';
import { InjectConnection } from '@nestjs/mongoose';
import type { Connection } from 'mongoose';

import { recordingOf } from './observed-collections';

/**
 * Work whose writes readers should see together: the changes it records are stored in one command
 * when it ends. Every request is one (ChangeBatchInterceptor); work outside a request can be too. A
 * reader that keeps rows in memory then sees all of them changed, or none yet, never one row of a pair.
 */
@Injectable()
export class WriteBatches {
  constructor(@InjectConnection() private readonly connection: Connection) {}

  /** Runs `work` as one batch; its reads see every change recorded before `since` (performance.now(); default now). */
  run<T>(work: () => Promise<T>, since?: number): Promise<T> {
    return recordingOf(this.connection).feed.batch(work, since);
  }
}
