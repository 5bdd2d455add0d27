import { existsSync, readFileSync, statSync } from 'node:fs';
import { readFile, stat } from 'node:fs/promises';
import { basename, extname, join, normalize, sep } from 'node:path';

import type { NestExpressApplication } from '@nestjs/platform-express';
import etag from 'etag';
import type { NextFunction, Request, RequestHandler, Response } from 'express';
import serveStatic from 'serve-static';

import { chooseEncoding, chooseStoredCopy } from './content-encoding';

export const MFE_REMOTE_NAMES = ['catalog', 'workspace', 'reports', 'admin'] as const;

/** Entry files change on every deploy under the same name; everything else is content-hashed. */
const FRESH_FILES = new Set(['index.html', 'remoteEntry.js', 'mf-manifest.json', 'mf-stats.json']);
export const NO_CACHE = 'no-cache';
export const IMMUTABLE = 'public, max-age=31536000, immutable';

/** Copies the build writes beside each script, style sheet and manifest, best first. */
const PRECOMPRESSED = [
  { encoding: 'br', suffix: '.br' },
  { encoding: 'gzip', suffix: '.gz' },
] as const;
const PRECOMPRESSED_TYPES = new Set(['.js', '.css', '.json', '.html', '.svg']);

/** The page's own files: scripts, style sheets and fonts, fetched by a page and never shown as one. */
const PAGE_FILE = /\.(m?js|css|woff2?)$/i;

/** A read of one of the page's own files (PAGE_FILE): it needs none of the headers that act only on documents. */
export const isPageFileRequest = (req: Request) =>
  (req.method === 'GET' || req.method === 'HEAD') && PAGE_FILE.test(req.path);

/** The file a precompressed copy stands for: `remoteEntry.js.br` → `remoteEntry.js`. */
const originalOf = (filePath: string) => filePath.replace(/\.(br|gz)$/, '');

export function setCacheHeaders(res: Response, filePath: string): void {
  res.setHeader('Cache-Control', FRESH_FILES.has(basename(originalOf(filePath))) ? NO_CACHE : IMMUTABLE);
}

/**
 * The file under `base` (ending in a separator) that a GET or HEAD of one of PRECOMPRESSED_TYPES reads; null for any
 * other request, a malformed path or one leading out of `base`.
 */
function compressibleFileOf(base: string, req: Request): string | null {
  if ((req.method !== 'GET' && req.method !== 'HEAD') || !PRECOMPRESSED_TYPES.has(extname(req.path))) return null;
  try {
    const file = normalize(join(base, decodeURIComponent(req.path)));
    return file.startsWith(base) ? file : null;
  } catch {
    return null;
  }
}

/**
 * Serves the build's brotli or gzip copy of a file (`x.js.br`, `x.js.gz`) to a client that
 * accepts it: the request is pointed at the copy, with the original's type, `Content-Encoding`
 * and `Vary: Accept-Encoding`; the static files middleware after it sends it. Looked up on each
 * request (a stat), so a remote rebuilt while the API runs is served compressed at once.
 */
function servePrecompressed(root: string) {
  const base = normalize(root) + sep;
  return (req: Request, res: Response, next: NextFunction) => {
    const file = compressibleFileOf(base, req);
    if (file === null) return next();
    chooseStoredCopy(req, res, file, PRECOMPRESSED).then((copy) => {
      if (copy) {
        res.setHeader('Content-Encoding', copy.encoding);
        res.type(extname(req.path));
        req.url = req.url.replace(/^([^?]*)/, `$1${copy.suffix}`);
      }
      next();
    }, next);
  };
}

/** One encoding of a file held in memory: its bytes and the ETag the static files middleware would give it. */
type HeldCopy = { body: Buffer; etag: string };
/** A content-hashed file in memory: each encoding the build wrote (`identity` always), best first. */
type HeldFile = { type: string; copies: Map<string, HeldCopy> };

/** Most bytes the content-hashed files of one root may hold in memory; files beyond it are read per request. */
const HELD_BYTES_LIMIT = 64 * 1024 * 1024;

/** Every copy of `file` (brotli, gzip, the original), read in full; null when the original is missing. */
async function readHeldFile(file: string, type: string): Promise<HeldFile | null> {
  const copies = new Map<string, HeldCopy>();
  for (const { encoding, suffix } of [...PRECOMPRESSED, { encoding: 'identity', suffix: '' }]) {
    const path = file + suffix;
    const info = await stat(path).catch(() => null);
    // The ETag the static files middleware (send) gives the same file: a weak one of its size and time.
    if (info?.isFile()) copies.set(encoding, { body: await readFile(path), etag: etag(info, { weak: true }) });
  }
  return copies.has('identity') ? { type, copies } : null;
}

/**
 * Content-hashed scripts, style sheets and manifests (every PRECOMPRESSED_TYPES file but FRESH_FILES) answered from
 * memory once read: a name never changes its content, so the file is read, and its compressed copies looked up, once
 * per process rather than with a stat, an open and a read on every request (about 1.5 ms of a 2-core machine's time
 * each, 30 of them per page). The headers are those the precompressed and static files middlewares give it; files
 * past HELD_BYTES_LIMIT, and the entry files, go on to them.
 */
function serveHeldFiles(root: string) {
  const base = normalize(root) + sep;
  const held = new Map<string, Promise<HeldFile | null>>();
  let heldBytes = 0;
  return (req: Request, res: Response, next: NextFunction) => {
    const type = extname(req.path);
    const file = FRESH_FILES.has(basename(req.path)) ? null : compressibleFileOf(base, req);
    if (file === null) return next();
    let entry = held.get(file);
    if (!entry) {
      if (heldBytes >= HELD_BYTES_LIMIT) return next();
      // A file that cannot be read is not held: the static files middleware answers it as it would any.
      entry = readHeldFile(file, type)
        .catch(() => null)
        .then((found) => {
          for (const copy of found?.copies.values() ?? []) heldBytes += copy.body.length;
          if (!found) held.delete(file);
          return found;
        });
      held.set(file, entry);
    }
    entry
      .then((found) => {
        if (!found) return next();
        if (found.copies.size > 1) res.vary('Accept-Encoding');
        const offered = [...found.copies.keys()].filter((encoding) => encoding !== 'identity');
        const encoding = chooseEncoding(req, offered);
        const copy = encoding && found.copies.get(encoding);
        if (!copy) return next();
        if (encoding !== 'identity') res.setHeader('Content-Encoding', encoding);
        res.setHeader('Cache-Control', IMMUTABLE);
        res.setHeader('ETag', copy.etag);
        res.type(found.type);
        if (req.fresh) return void res.status(304).end();
        res.setHeader('Content-Length', copy.body.length);
        res.end(req.method === 'HEAD' ? undefined : copy.body);
      })
      .catch(next);
  };
}

const NOT_SPA_PREFIXES = ['/api', '/mfe', '/media'];
const isUnder = (prefixes: string[], path: string) => prefixes.some((p) => path === p || path.startsWith(`${p}/`));
const isOutsideSpa = (path: string) => isUnder(NOT_SPA_PREFIXES, path);

/** Paths the shell's files never answer: the API's routes and the media. */
const NOT_SHELL_FILE_PREFIXES = ['/api', '/media'];

/**
 * `handler` for every path but the API's and the media's. The shell's files are served from `/`, and looking a
 * path up there costs a stat and a thrown not-found error: on an API route that was about 5 % of the API's CPU
 * under load.
 */
function onlyForShellFiles(handler: RequestHandler): RequestHandler {
  return (req, res, next) => (isUnder(NOT_SHELL_FILE_PREFIXES, req.path) ? next() : handler(req, res, next));
}

/** Source maps (`x.js.map`, and their compressed copies): the full source of every screen. */
const isSourceMap = (path: string) => /\.map(\.(br|gz))?$/i.test(path);

/** 404 for every source map, before any static files are looked at. */
function hideSourceMaps(req: Request, res: Response, next: NextFunction): void {
  if (!isSourceMap(req.path)) return next();
  res.status(404).json({ detail: 'Not Found' });
}

/** The shell's index.html, read again only when the file changes (a redeployed shell). */
function indexPage(file: string): () => string | null {
  let cached: { mtimeMs: number; text: string } | null = null;
  return () => {
    if (!existsSync(file)) return null;
    const { mtimeMs } = statSync(file);
    if (cached?.mtimeMs !== mtimeMs) cached = { mtimeMs, text: readFileSync(file, 'utf8') };
    return cached.text;
  };
}

/**
 * What goes into the <head> of a page of the shell, for one request: `first` before the shell's own
 * files (the API reads, so that they are not queued behind a score of scripts on the browser's six
 * connections: the API answers them in a few milliseconds), `last` after them.
 */
export type PageHead = (req: Request, res: Response) => Promise<{ first: string; last: string }>;

/** The page's <head> start tag. */
const HEAD_START = /<head(\s[^>]*)?>/i;

/**
 * The built front ends, same origin as the API: each remote's builds at `/mfe/<name>/<build id>/`
 * with no fallback (a missing chunk is a 404), the shell's dist at `/` with index.html for any
 * extension-less GET outside /api, /mfe and /media. The page carries `pageHead` (the remote map, the
 * user and the current screen's preloads), so it is never cached. A dist built after start is picked up
 * as is; a missing one serves nothing. Source maps are served only with `sourceMaps`
 * (SERVE_SOURCE_MAPS=1).
 */
export function serveFrontEnds(
  app: NestExpressApplication,
  webRoot: string,
  pageHead: PageHead,
  { sourceMaps = false }: { sourceMaps?: boolean } = {},
): void {
  // No Last-Modified or Accept-Ranges: hashed files are immutable, the entry files revalidate by ETag, and
  // nothing fetches a range of a script.
  const options = {
    index: false as const,
    redirect: false,
    fallthrough: true,
    lastModified: false,
    acceptRanges: false,
    setHeaders: setCacheHeaders,
  };
  if (!sourceMaps) app.use(hideSourceMaps);
  for (const name of MFE_REMOTE_NAMES) {
    const dir = join(webRoot, `mfe-${name}`, 'dist');
    app.use(`/mfe/${name}/`, serveHeldFiles(dir), servePrecompressed(dir));
    app.useStaticAssets(dir, { ...options, prefix: `/mfe/${name}/` });
  }
  const shellDir = join(webRoot, 'shell', 'dist');
  app.use(onlyForShellFiles(serveHeldFiles(shellDir)));
  app.use(onlyForShellFiles(servePrecompressed(shellDir)));
  app.use(onlyForShellFiles(serveStatic(shellDir, options)));
  const readIndex = indexPage(join(shellDir, 'index.html'));
  app.use((req: Request, res: Response, next: NextFunction) => {
    const isRead = req.method === 'GET' || req.method === 'HEAD';
    if (!isRead || isOutsideSpa(req.path) || extname(req.path)) return next();
    const page = readIndex();
    if (page === null) return next();
    pageHead(req, res)
      .then(({ first, last }) => {
        res.setHeader('Cache-Control', 'no-store');
        // `first` opens the head, ahead of the shell's own preloads and scripts (the character set is in
        // the Content-Type header, so the page's <meta charset> may come after it).
        res.type('html').send(page.replace(HEAD_START, (tag) => tag + first).replace('</head>', `${last}</head>`));
      })
      .catch(next);
  });
}
