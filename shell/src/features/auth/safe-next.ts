/**
 * Where to go after login: `next` when it is a path of this site, else `/`. Refused: anything not
 * starting with one `/` (`//host`, `https:…`), a backslash (`/\host` is `//host` to a browser),
 * control characters (a tab or newline inside `//` is dropped by URL parsing), and whatever resolves
 * to another origin.
 */
export function safeNext(next: string | null, origin: string = window.location.origin): string {
  if (!next || !next.startsWith('/') || next.startsWith('//')) return '/';
  // eslint-disable-next-line no-control-regex
  if (/[\\\u0000-\u001f\u007f]/.test(next)) return '/';
  try {
    const url = new URL(next, origin);
    return url.origin === origin ? url.pathname + url.search + url.hash : '/';
  } catch {
    return '/';
  }
}

/** The login page that brings the user back to `path` (a path of this site, with its query and hash) after a sign-in. */
export function loginPathFor(path: string): string {
  return `/login/?next=${encodeURIComponent(path)}`;
}
