import { ERROR_MESSAGES } from '@curator/shared/contract';
import type { NextFunction, Request, Response } from 'express';

import { SESSION_COOKIE_NAME } from '../auth/session-cookie';

/** Stored names never change content, so a browser may keep them for a year. */
export const MEDIA_CACHE_CONTROL = 'private, max-age=31536000, immutable';

type Deps = {
  resolve: (relative: string) => string | null;
  hasSession: (token: string) => Promise<boolean>;
};

/**
 * GET/HEAD /media/<stored path>: logged-in users only; Range requests answered with 206 by
 * express's sendFile. Only names the store makes are accepted, so no path can leave MEDIA_DIR.
 */
export function createMediaHandler({ resolve, hasSession }: Deps) {
  return async (req: Request, res: Response, next: NextFunction): Promise<void> => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return next();
    try {
      const file = resolve(req.path.replace(/^\//, ''));
      if (!file) {
        res.status(404).json({ detail: ERROR_MESSAGES.NOT_FOUND });
        return;
      }
      const token: unknown = req.cookies?.[SESSION_COOKIE_NAME];
      if (typeof token !== 'string' || !token || !(await hasSession(token))) {
        res.status(401).json({ detail: ERROR_MESSAGES.NOT_AUTHENTICATED });
        return;
      }
      res.setHeader('Cache-Control', MEDIA_CACHE_CONTROL);
      res.sendFile(file, { cacheControl: false, dotfiles: 'deny' }, (err) => {
        if (err && !res.headersSent) res.status(404).json({ detail: ERROR_MESSAGES.NOT_FOUND });
      });
    } catch (err) {
      next(err);
    }
  };
}
