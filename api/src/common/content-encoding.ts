import { stat } from 'node:fs/promises';
import type { IncomingMessage } from 'node:http';

import type { Response } from 'express';
import Negotiator from 'negotiator';

/** negotiator 0.6.4 takes a server preference among equal weights (its typings predate it). */
type PreferringNegotiator = { encoding(available: string[], preferred: string[]): string | undefined };

/**
 * The encoding to send, of those `offered` (best first) or `identity`: the client's weights decide;
 * among equals, the first offered (browsers list gzip before brotli). Undefined when the client
 * accepts none of them, not even `identity`.
 */
export function chooseEncoding(req: Pick<IncomingMessage, 'headers'>, offered: readonly string[]): string | undefined {
  const negotiator = new Negotiator(req) as unknown as PreferringNegotiator;
  return negotiator.encoding([...offered, 'identity'], [...offered]);
}

/** A compressed copy kept beside a file: `<file><suffix>`, in `encoding`. */
export type StoredCopy = { encoding: string; suffix: string };

const isFile = (path: string) =>
  stat(path).then(
    (s) => s.isFile(),
    () => false,
  );

/**
 * Of the compressed copies of `file` that may be kept beside it (`copies`, best first), the one to send to `req`,
 * or null to send `file` itself. When any copy exists the answer depends on the client's encodings, so
 * `Vary: Accept-Encoding` is set. Looked up on each call (a stat per copy): a copy written later is found at once.
 */
export async function chooseStoredCopy(
  req: Pick<IncomingMessage, 'headers'>,
  res: Pick<Response, 'vary'>,
  file: string,
  copies: readonly StoredCopy[],
): Promise<StoredCopy | null> {
  const present = (await Promise.all(copies.map(async (c) => ((await isFile(file + c.suffix)) ? c : null)))).filter(
    (c): c is StoredCopy => c !== null,
  );
  if (present.length === 0) return null;
  res.vary('Accept-Encoding');
  const chosen = chooseEncoding(
    req,
    present.map((c) => c.encoding),
  );
  return present.find((c) => c.encoding === chosen) ?? null;
}
