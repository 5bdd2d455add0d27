import { stat } from 'node:fs/promises';
import { extname } from 'node:path';

import { ERROR_MESSAGES } from '@curator/shared/contract';
import type { NextFunction, Request, Response } from 'express';

import { chooseStoredCopy } from '../common/content-encoding';
import { SESSION_COOKIE_NAME } from '../common/session-cookie';
import { BROTLI_COPY_SUFFIX } from './media-store.service';

const RANGE_NOT_SATISFIABLE = 'Range not satisfiable';

/** Stored names never change content, so a browser may keep them for a year. */
export const MEDIA_CACHE_CONTROL = 'private, max-age=31536000, immutable';

/** Stored types the store may keep a brotli copy of (a waveform's peaks); audio and images are compressed already. */
const MAY_HAVE_BROTLI_COPY = new Set(['.json']);
const BROTLI_COPY = [{ encoding: 'br', suffix: BROTLI_COPY_SUFFIX }] as const;

type Deps = {
  resolve: (relative: string) => string | null;
  hasSession: (token: string) => Promise<boolean>;
};

/**
 * GET/HEAD /media/<stored path>: logged-in users only; Range requests answered with 206 by
 * express's sendFile. Only names the store makes are accepted, so no path can leave MEDIA_DIR. A file
 * the store keeps a brotli copy of goes out as that copy to a client that accepts brotli.
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
      const copy = MAY_HAVE_BROTLI_COPY.has(extname(file)) ? await chooseStoredCopy(req, res, file, BROTLI_COPY) : null;
      if (copy) res.type(extname(file)).setHeader('Content-Encoding', copy.encoding);
      const sent = copy ? file + copy.suffix : file;
      res.sendFile(
        sent,
        { cacheControl: false, dotfiles: 'deny' },
        (err: (Error & { status?: number }) | undefined) => {
          if (!err || res.headersSent) return;
          if (err.status === 416) {
            // A range past the end: 416 with the size, so the client can ask again.
            void stat(sent).then(
              ({ size }) =>
                res.status(416).setHeader('Content-Range', `bytes */${size}`).json({ detail: RANGE_NOT_SATISFIABLE }),
              () => res.status(404).json({ detail: ERROR_MESSAGES.NOT_FOUND }),
            );
            return;
          }
          res.status(404).json({ detail: ERROR_MESSAGES.NOT_FOUND });
        },
      );
    } catch (err) {
      next(err);
    }
  };
}
