import { type CallHandler, type ExecutionContext, Injectable, type NestInterceptor } from '@nestjs/common';
import { InjectConnection } from '@nestjs/mongoose';
import type { Connection } from 'mongoose';
import { from, lastValueFrom, type Observable } from 'rxjs';

import { recordingOf } from './observed-collections';

/**
 * Every request is one batch of the change feed: the ids its writes (and the events it awaits)
 * changed are recorded in one command when it ends, before the answer leaves.
 */
@Injectable()
export class ChangeBatchInterceptor implements NestInterceptor {
  constructor(@InjectConnection() private readonly connection: Connection) {}

  intercept(_context: ExecutionContext, next: CallHandler): Observable<unknown> {
    const feed = recordingOf(this.connection).feed;
    return from(feed.batch(() => lastValueFrom(next.handle(), { defaultValue: undefined })));
  }
}
