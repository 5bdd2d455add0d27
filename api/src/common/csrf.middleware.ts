import { randomBytes, timingSafeEqual } from 'node:crypto';

import { CSRF_COOKIE_NAME, CSRF_HEADER_NAME, ERROR_MESSAGES } from '@curator/shared/contract';
import type { NextFunction, Request, Response } from 'express';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
const ONE_YEAR_MS = 365 * 24 * 60 * 60 * 1000;
/** Static remote files and media never need the cookie (and immutable responses should not carry it). */
const NO_COOKIE_PREFIXES = ['/mfe/', '/media/'];

/** Sets a fresh readable `csrftoken` cookie, replacing one already queued on this response. */
export function issueCsrfCookie(res: Response, secure: boolean): string {
  const token = randomBytes(32).toString('base64url');
  const queued = res.getHeader('Set-Cookie');
  if (Array.isArray(queued)) {
    res.setHeader(
      'Set-Cookie',
      queued.filter((c) => !c.startsWith(`${CSRF_COOKIE_NAME}=`)),
    );
  }
  res.cookie(CSRF_COOKIE_NAME, token, { httpOnly: false, sameSite: 'lax', secure, path: '/', maxAge: ONE_YEAR_MS });
  return token;
}

function sameToken(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

/**
 * Double-submit check: every response seeds the cookie if missing; every unsafe method must echo
 * it in `X-CSRFToken`, else 403. `isSecure` decides the cookie's Secure flag per request.
 */
export function csrfMiddleware(isSecure: (req: Request) => boolean) {
  return (req: Request, res: Response, next: NextFunction): void => {
    const cookie: unknown = req.cookies?.[CSRF_COOKIE_NAME];
    const hasCookie = typeof cookie === 'string' && cookie.length > 0;
    if (!hasCookie && !NO_COOKIE_PREFIXES.some((p) => req.path.startsWith(p))) {
      issueCsrfCookie(res, isSecure(req));
    }
    if (SAFE_METHODS.has(req.method)) return next();
    const header = req.get(CSRF_HEADER_NAME);
    if (!hasCookie || !header || !sameToken(cookie as string, header)) {
      res.status(403).json({ detail: ERROR_MESSAGES.CSRF_FAILED });
      return;
    }
    next();
  };
}
