import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

import compression from 'compression';

import { chooseEncoding } from './content-encoding';

/** Answers smaller than this go out as they are: compressing them costs more than it saves. */
export const COMPRESS_THRESHOLD_BYTES = 1024;

/**
 * Stored audio and images are served with ranges and are compressed already (MP3, M4A): compressing them
 * would break seeking. Read from the original URL: the filter runs when the answer starts, inside the
 * /media handler, where express has taken the prefix off `req.path`.
 */
const isMedia = (req: { originalUrl?: string; url?: string }) =>
  (req.originalUrl ?? req.url ?? '').startsWith('/media/');

/**
 * A stored JSON file (a waveform's peaks) is compressed like any answer, when it does not go out as the
 * store's brotli copy of it (media/media-route.ts): a client without brotli, or a file stored before the
 * copies were kept.
 */
const isStoredJson = (res: Response) => /\bjson\b/i.test(String(res.getHeader('Content-Type') ?? ''));

/**
 * Fast settings, as every answer pays them: on a 58 KB page of the audio list, brotli 4 makes 6.1 KB in
 * 0.17 ms and gzip 3 6.9 KB in 0.07 ms, where brotli 5 (5.6 KB) took 0.34 ms and gzip's default (6.2 KB)
 * 0.24 ms.
 */
const BROTLI = { params: { [constants.BROTLI_PARAM_QUALITY]: 4 } };
const GZIP_LEVEL = 3;
const ENCODINGS = ['br', 'gzip'] as const;

/** compression's own request handler types (its typings bring their own express types). */
type Handler = ReturnType<typeof compression>;
type Request = Parameters<Handler>[0];
type Response = Parameters<Handler>[1];

/** Whether `res` may be compressed: no audio or image, a compressible type, not already encoded, no `no-transform`. */
function isCompressible(req: Request, res: Response): boolean {
  if ((isMedia(req) && !isStoredJson(res)) || res.getHeader('Content-Encoding') !== undefined) return false;
  if (/(?:^|,)\s*no-transform\s*(?:,|$)/i.test(String(res.getHeader('Cache-Control') ?? ''))) return false;
  return compression.filter(req, res);
}

/**
 * An answer sent whole (`res.json`, `res.send`: the API's JSON, the page) is compressed in one
 * synchronous call before it is sent. compression's stream costs about 0.12 ms more per answer
 * (a zlib stream set up and driven through the thread pool for each), about a tenth of the API's
 * CPU per request under load. Sets `Vary: Accept-Encoding` on every answer it could compress.
 */
function compressWholeAnswers(req: Request, res: Response): void {
  const send = res.send.bind(res);
  res.send = (body?: unknown) => {
    const bytes = typeof body === 'string' ? Buffer.byteLength(body) : Buffer.isBuffer(body) ? body.length : 0;
    if (bytes < COMPRESS_THRESHOLD_BYTES || !isCompressible(req, res)) return send(body);
    res.vary('Accept-Encoding');
    const encoding = chooseEncoding(req, ENCODINGS);
    if (encoding !== 'br' && encoding !== 'gzip') return send(body);
    const input = body as string | Buffer;
    res.setHeader('Content-Encoding', encoding);
    return send(encoding === 'br' ? brotliCompressSync(input, BROTLI) : gzipSync(input, { level: GZIP_LEVEL }));
  };
}

/**
 * Brotli (or gzip) for the answers made here, with `Vary: Accept-Encoding`: whole answers in one
 * call (compressWholeAnswers), streamed ones (a file sent from disk, such as a beat's image) by
 * compression as they go; both by the same rule (isCompressible), so compression passes over what
 * the first path encoded. The built front-end files are served from their precompressed copies.
 */
export function compressResponses(): Handler {
  const streamed = compression({
    threshold: COMPRESS_THRESHOLD_BYTES,
    level: GZIP_LEVEL,
    brotli: BROTLI,
    filter: isCompressible,
  });
  return (req, res, next) => {
    if (!isMedia(req)) compressWholeAnswers(req, res);
    streamed(req, res, next);
  };
}
