// Anti-forgery, for the API that checks it and the pages that send it. A module of its own, with no
// schemas: the page-wide kernel reads it.

/** The readable cookie the API sets, which every write echoes in the header. */
export const CSRF_COOKIE_NAME = 'csrftoken';
export const CSRF_HEADER_NAME = 'X-CSRFToken';

/** Methods that change nothing: the API does not check the header on them, and pages do not send it. */
const CSRF_SAFE_METHODS: ReadonlySet<string> = new Set(['GET', 'HEAD', 'OPTIONS']);

/** Whether a request with this method must carry the anti-forgery header. */
export function needsCsrfToken(method: string): boolean {
  return !CSRF_SAFE_METHODS.has(method.toUpperCase());
}
