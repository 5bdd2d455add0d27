const RUNTIME_PREFIX = /^\[ Federation Runtime \]: /;
const ORIGINAL = 'Original Error Message:';

/**
 * One line a user can read for a screen that did not load: the federation runtime's own summary and
 * the error under it (its full text, with arguments and a docs link, goes to the log).
 */
export function summariseLoadError(message: string): string {
  const [head, ...rest] = message.split('\n');
  const summary = head.replace(RUNTIME_PREFIX, '');
  const at = rest.findIndex((line) => line.startsWith(ORIGINAL));
  const original = at >= 0 ? rest[at + 1]?.trim().replace(/^Error: /, '') : undefined;
  return original ? `${summary} ${original}` : summary;
}

/** A manifest fetch that did not answer 2xx fails with the address and status, not as unreadable JSON. */
export async function fetchOrFail(url: string | URL | Request, init?: RequestInit): Promise<Response> {
  const response = await fetch(url, init);
  if (!response.ok) throw new Error(`${new URL(response.url).pathname} answered HTTP ${response.status}`);
  return response;
}
