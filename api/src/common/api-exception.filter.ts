import { ArgumentsHost, Catch, ExceptionFilter, HttpException, HttpStatus } from '@nestjs/common';
import type { Response } from 'express';
import type { Logger } from 'pino';
import { ERROR_MESSAGES } from '@curator/shared/contract';

type MongoLikeError = { name?: string; code?: number };

const isDuplicateKey = (e: unknown) =>
  typeof e === 'object' && e !== null && (e as MongoLikeError).code === 11000;

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
    if (isDuplicateKey(exception)) {
      res.status(HttpStatus.CONFLICT).json({ detail: 'Already exists' });
      return;
    }
    const req = host.switchToHttp().getRequest<{ method?: string; originalUrl?: string; id?: unknown }>();
    this.logger.error({ err: exception, reqId: req.id, method: req.method, url: req.originalUrl }, 'Unhandled error');
    res.status(HttpStatus.INTERNAL_SERVER_ERROR).json({ detail: ERROR_MESSAGES.INTERNAL });
  }
}
