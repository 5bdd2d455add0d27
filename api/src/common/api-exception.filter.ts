import { ERROR_MESSAGES } from '@curator/shared/contract';
import { ArgumentsHost, Catch, ExceptionFilter, HttpException, HttpStatus } from '@nestjs/common';
import type { Response } from 'express';
import type { Logger } from 'pino';

import { isDuplicateKeyError } from './duplicate-key';

const UNREACHABLE_DATABASE_ERRORS = new Set([
  'MongoServerSelectionError',
  'MongoNetworkError',
  'MongoNetworkTimeoutError',
  'MongoNotConnectedError',
  'MongoTopologyClosedError',
  'PoolClearedError',
  'PoolClearedOnNetworkError',
]);

/** A socket error of the connection to the database (a Unix socket surfaces them unwrapped). */
const NETWORK_ERROR_CODES = new Set(['EPIPE', 'ECONNRESET', 'ECONNREFUSED', 'ENOENT', 'ETIMEDOUT', 'ECONNABORTED']);

/** The database did not answer (stopped, restarting, unreachable), as opposed to refusing a command. */
export const isDatabaseUnreachable = (e: unknown, depth = 0): boolean => {
  if (typeof e !== 'object' || e === null || depth > 3) return false;
  const { name, message, code, syscall, cause, errorLabels } = e as {
    name?: string;
    message?: string;
    code?: unknown;
    syscall?: unknown;
    cause?: unknown;
    errorLabels?: unknown;
  };
  if (name && UNREACHABLE_DATABASE_ERRORS.has(name)) return true;
  if (typeof syscall === 'string' && typeof code === 'string' && NETWORK_ERROR_CODES.has(code)) return true;
  // A bulk write cut short by the connection carries the driver's network label.
  if (Array.isArray(errorLabels) && errorLabels.includes('NetworkError')) return true;
  // Mongoose's own error when a command waited for a connection that never came back.
  if (name === 'MongooseError' && typeof message === 'string' && /buffering timed out/.test(message)) return true;
  return isDatabaseUnreachable(cause, depth + 1);
};

/** Maps an HttpException body to `{detail}`: keeps an explicit `detail`, else Nest's `message`. */
function toBody(exception: HttpException): Record<string, unknown> {
  const body = exception.getResponse();
  if (typeof body === 'string') return { detail: body };
  if (body && typeof body === 'object') {
    if ('detail' in body) return body as Record<string, unknown>;
    const message = (body as { message?: unknown }).message;
    if (typeof message === 'string') return { detail: message };
    if (Array.isArray(message)) return { detail: message.join('; ') };
  }
  return { detail: exception.message };
}

/** Every error leaves as `{"detail": …}`; anything unexpected is logged and answered with a bare 500. */
@Catch()
export class ApiExceptionFilter implements ExceptionFilter {
  constructor(private readonly logger: Logger) {}

  catch(exception: unknown, host: ArgumentsHost): void {
    const res = host.switchToHttp().getResponse<Response>();
    if (res.headersSent) return;
    if (exception instanceof HttpException) {
      res.status(exception.getStatus()).json(toBody(exception));
      return;
    }
    if (isDuplicateKeyError(exception)) {
      res.status(HttpStatus.CONFLICT).json({ detail: 'Already exists' });
      return;
    }
    if (isDatabaseUnreachable(exception)) {
      this.logger.warn({ err: { name: (exception as Error).name } }, 'Database unavailable');
      res.status(HttpStatus.SERVICE_UNAVAILABLE).json({ detail: ERROR_MESSAGES.DB_UNAVAILABLE });
      return;
    }
    const req = host.switchToHttp().getRequest<{ method?: string; originalUrl?: string; id?: unknown }>();
    this.logger.error({ err: exception, reqId: req.id, method: req.method, url: req.originalUrl }, 'Unhandled error');
    res.status(HttpStatus.INTERNAL_SERVER_ERROR).json({ detail: ERROR_MESSAGES.INTERNAL });
  }
}
