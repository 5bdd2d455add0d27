import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { extname } from 'node:path';

import { CSRF_COOKIE_NAME, CSRF_HEADER_NAME, ERROR_MESSAGES, needsCsrfToken } from '@curator/shared/contract';
import type { NextFunction, Request, Response } from 'express';

import { SESSION_COOKIE_NAME } from './session-cookie';

const ONE_YEAR_MS = 365 * 24 * 60 * 60 * 1000;
/** Static remote files and media never need the cookie (and immutable responses should not carry it). */
const NO_COOKIE_PREFIXES = ['/mfe/', '/media/'];

/**
 * Whether a response to `path` goes without the cookie: the remotes' files, media, and the shell's own
 * files (a name with an extension outside /api/: hashed and cached for a year, by shared caches too).
 * Pages (extension-less) and the API's answers seed it.
 */
const goesWithoutCookie = (path: string) =>
  NO_COOKIE_PREFIXES.some((p) => path.startsWith(p)) || (!path.startsWith('/api/') && extname(path) !== '');

const mac = (sessionToken: string, nonce: string) =>
  createHmac('sha256', sessionToken).update(nonce).digest('base64url');

/**
 * A new anti-forgery token: `<nonce>.<HMAC of the nonce keyed by the session token>` for a session,
 * a bare nonce before login. Only someone holding the session cookie (httpOnly) can make one.
 */
function newToken(sessionToken: string | undefined): string {
  const nonce = randomBytes(24).toString('base64url');
  return sessionToken ? `${nonce}.${mac(sessionToken, nonce)}` : nonce;
}

function sameToken(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

/** True when `token` was made for this session token. */
function boundTo(token: string, sessionToken: string): boolean {
  const dot = token.indexOf('.');
  return dot > 0 && sameToken(token.slice(dot + 1), mac(sessionToken, token.slice(0, dot)));
}

/**
 * Sets a fresh readable `csrftoken` cookie bound to `sessionToken` (the session this response
 * starts or continues), replacing one already queued on this response.
 */
export function issueCsrfCookie(res: Response, secure: boolean, sessionToken?: string): string {
  const token = newToken(sessionToken);
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

/** The origin a browser sent, as `host[:port]`, or null when it sent none. */
function originHost(req: Request): string | null | undefined {
  const origin = req.get('Origin');
  if (!origin) return null;
  try {
    return new URL(origin).host;
  } catch {
    return undefined;
  }
}

export type CsrfOptions = {
  /** Whether the cookie gets `Secure` for this request. */
  isSecure: (req: Request) => boolean;
  /** Origins (`https://host[:port]`) whose pages may write besides the API's own host. */
  allowedOrigins: string[];
};

/**
 * Anti-forgery, on every unsafe method:
 * - a browser's `Origin` (or `Sec-Fetch-Site: cross-site`) naming another site is refused;
 * - `X-CSRFToken` must equal the `csrftoken` cookie, and with a session cookie the token must be
 *   bound to that session (an HMAC keyed by it), so a token planted by whoever can set a cookie for
 *   the site does not pass with a victim's session.
 * Every response seeds the cookie when it is missing, and a read replaces one that is not bound to
 * the current session. Failures answer 403.
 */
export function csrfMiddleware({ isSecure, allowedOrigins }: CsrfOptions) {
  const allowedHosts = new Set(allowedOrigins.map((o) => new URL(o).host));
  const refuse = (res: Response) => void res.status(403).json({ detail: ERROR_MESSAGES.CSRF_FAILED });
  return (req: Request, res: Response, next: NextFunction): void => {
    const cookie: unknown = req.cookies?.[CSRF_COOKIE_NAME];
    const session: unknown = req.cookies?.[SESSION_COOKIE_NAME];
    const sessionToken = typeof session === 'string' && session ? session : undefined;
    const hasCookie = typeof cookie === 'string' && cookie.length > 0;
    const safe = !needsCsrfToken(req.method);
    const stale = hasCookie && sessionToken !== undefined && !boundTo(cookie as string, sessionToken);
    if ((!hasCookie || (safe && stale)) && !goesWithoutCookie(req.path)) {
      issueCsrfCookie(res, isSecure(req), sessionToken);
    }
    if (safe) return next();
    const host = originHost(req);
    if (host !== null && (host === undefined || (host !== req.get('Host') && !allowedHosts.has(host))))
      return refuse(res);
    if (req.get('Sec-Fetch-Site') === 'cross-site') return refuse(res);
    const header = req.get(CSRF_HEADER_NAME);
    if (!hasCookie || !header || !sameToken(cookie as string, header)) return refuse(res);
    if (sessionToken !== undefined && !boundTo(header, sessionToken)) return refuse(res);
    next();
  };
}
