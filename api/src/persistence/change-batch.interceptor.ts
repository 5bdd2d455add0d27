import { type CallHandler, type ExecutionContext, Injectable, type NestInterceptor } from '@nestjs/common';
import { from, lastValueFrom, type Observable } from 'rxjs';

import { WriteBatches } from './write-batches';

/**
 * Every request is one batch of the change feed: the ids its writes (and the events it awaits)
 * changed are recorded in one command when it ends, before the answer leaves.
 */
@Injectable()
export class ChangeBatchInterceptor implements NestInterceptor {
  constructor(private readonly batches: WriteBatches) {}

  intercept(_context: ExecutionContext, next: CallHandler): Observable<unknown> {
    return from(this.batches.run(() => lastValueFrom(next.handle(), { defaultValue: undefined })));
  }
}
