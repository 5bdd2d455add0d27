import { ERROR_MESSAGES } from '@curator/shared/contract';
import type { NextFunction, Request, Response } from 'express';

type BodyParserError = Error & { type?: string; status?: number };

/** Errors of the body parsers registered just before it: bad JSON is a 422, too large a 413. */
export function handleBodyErrors(err: BodyParserError, _req: Request, res: Response, _next: NextFunction): void {
  if (err.type === 'entity.parse.failed') {
    res.status(422).json({ detail: [{ loc: ['body'], msg: ERROR_MESSAGES.INVALID_JSON, type: 'json_invalid' }] });
    return;
  }
  if (err.type === 'entity.too.large') {
    res.status(413).json({ detail: ERROR_MESSAGES.BODY_TOO_LARGE });
    return;
  }
  if (typeof err.status === 'number' && err.status >= 400 && err.status < 500) {
    res.status(err.status).json({ detail: err.message });
    return;
  }
  res.status(500).json({ detail: ERROR_MESSAGES.INTERNAL });
}
