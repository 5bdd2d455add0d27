import { existsSync } from 'node:fs';
import { basename, extname, join } from 'node:path';

import type { NestExpressApplication } from '@nestjs/platform-express';
import type { NextFunction, Request, Response } from 'express';

export const MFE_REMOTE_NAMES = ['catalog', 'workspace', 'reports', 'admin'] as const;

/** Entry files change on every deploy under the same name; everything else is content-hashed. */
const FRESH_FILES = new Set(['index.html', 'remoteEntry.js', 'mf-manifest.json', 'mf-stats.json']);
export const NO_CACHE = 'no-cache';
export const IMMUTABLE = 'public, max-age=31536000, immutable';

export function setCacheHeaders(res: Response, filePath: string): void {
  res.setHeader('Cache-Control', FRESH_FILES.has(basename(filePath)) ? NO_CACHE : IMMUTABLE);
}

const NOT_SPA_PREFIXES = ['/api', '/mfe', '/media'];
const isOutsideSpa = (path: string) => NOT_SPA_PREFIXES.some((p) => path === p || path.startsWith(`${p}/`));

/**
 * The built front ends, same origin as the API: each remote's dist at `/mfe/<name>/` with no
 * fallback (a missing chunk is a 404), the shell's dist at `/` with index.html for any
 * extension-less GET outside /api, /mfe and /media. A dist built after start is picked up as is;
 * a missing one serves nothing.
 */
export function serveFrontEnds(app: NestExpressApplication, webRoot: string): void {
  const options = { index: false as const, redirect: false, fallthrough: true, setHeaders: setCacheHeaders };
  for (const name of MFE_REMOTE_NAMES) {
    app.useStaticAssets(join(webRoot, `mfe-${name}`, 'dist'), { ...options, prefix: `/mfe/${name}/` });
  }
  const shellDir = join(webRoot, 'shell', 'dist');
  app.useStaticAssets(shellDir, options);
  const indexHtml = join(shellDir, 'index.html');
  app.use((req: Request, res: Response, next: NextFunction) => {
    const isRead = req.method === 'GET' || req.method === 'HEAD';
    if (!isRead || isOutsideSpa(req.path) || extname(req.path) || !existsSync(indexHtml)) return next();
    res.setHeader('Cache-Control', NO_CACHE);
    res.sendFile(indexHtml, (err) => {
      if (err && !res.headersSent) res.status(404).json({ detail: 'Not Found' });
    });
  });
}
