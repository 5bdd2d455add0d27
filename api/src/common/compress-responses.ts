import { constants } from 'node:zlib';

import compression from 'compression';

/** Answers smaller than this go out as they are: compressing them costs more than it saves. */
export const COMPRESS_THRESHOLD_BYTES = 1024;

/** Media are served with ranges and are compressed already (MP3, M4A); compressing them would break seeking. */
const isMedia = (req: { path?: string }) => req.path?.startsWith('/media/') ?? false;

/**
 * Brotli (or gzip) for API JSON and the built scripts, styles and manifests, with
 * `Vary: Accept-Encoding`; brotli at quality 5 keeps it quick on every answer.
 */
export function compressResponses() {
  return compression({
    threshold: COMPRESS_THRESHOLD_BYTES,
    brotli: { params: { [constants.BROTLI_PARAM_QUALITY]: 5 } },
    filter: (req, res) => !isMedia(req) && compression.filter(req, res),
  });
}
