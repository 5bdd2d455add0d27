import type { IncomingMessage } from 'node:http';

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
