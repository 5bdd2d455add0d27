import { performance } from 'node:perf_hooks';

import { type CallHandler, type ExecutionContext, Injectable, type NestInterceptor } from '@nestjs/common';
import type { NextFunction, Request, Response } from 'express';
import { from, lastValueFrom, type Observable } from 'rxjs';

import { WriteBatches } from './write-batches';

/** When each request arrived (performance.now()). */
const arrivals = new WeakMap<Request, number>();

/**
 * Express middleware, first of all: notes when the request arrived. Its reads of the lists kept in
 * memory see every change recorded before that (the session check's read, made before the batch
 * begins, then serves the handler's lists too).
 */
export function noteArrival(req: Request, _res: Response, next: NextFunction): void {
  arrivals.set(req, performance.now());
  next();
}

/**
 * Every request is one batch of the change feed: the ids its writes (and the events it awaits)
 * changed are recorded in one command when it ends, before the answer leaves; its reads see every
 * change recorded before it arrived, and its own.
 */
@Injectable()
export class ChangeBatchInterceptor implements NestInterceptor {
  constructor(private readonly batches: WriteBatches) {}

  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    const since = arrivals.get(context.switchToHttp().getRequest<Request>());
    return from(this.batches.run(() => lastValueFrom(next.handle(), { defaultValue: undefined }), since));
  }
}
