import { ERROR_MESSAGES } from '@curator/shared/contract';
import type { NextFunction, Request, Response } from 'express';

type BodyParserError = Error & { type?: string; status?: number; body?: string };

/** Whether `text` is JSON: the strict parser refuses a body that is JSON but no object or array (`5`, `null`). */
function isJson(text: string | undefined): boolean {
  if (text === undefined) return false;
  try {
    JSON.parse(text);
    return true;
  } catch {
    return false;
  }
}

/**
 * JSON everywhere: a request that sends a body sends JSON (415 otherwise), before any parser reads it. A form-encoded
 * body was parsed and stored like a JSON one.
 */
export function requireJsonBodies(req: Request, res: Response, next: NextFunction): void {
  // An empty body (Content-Length: 0, as a fetch without one sends) is none. `is`: null without a body, false
  // for one of another type.
  if (req.headers['content-length'] === '0' || req.is(['json', '+json']) !== false) return next();
  res.status(415).json({ detail: ERROR_MESSAGES.BODY_NOT_JSON });
}

/** Errors of the body parsers registered just before it: bad JSON, or JSON that is no object, is a 422, too large a 413. */
export function handleBodyErrors(err: BodyParserError, _req: Request, res: Response, _next: NextFunction): void {
  if (err.type === 'entity.parse.failed') {
    const entry = isJson(err.body)
      ? { loc: ['body'], msg: ERROR_MESSAGES.BODY_NOT_OBJECT, type: 'object_type' }
      : { loc: ['body'], msg: ERROR_MESSAGES.INVALID_JSON, type: 'json_invalid' };
    res.status(422).json({ detail: [entry] });
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
