export { CSRF_COOKIE_NAME as CSRF_COOKIE, CSRF_HEADER_NAME as CSRF_HEADER } from '../contract/csrf';

/** Reads a cookie set by the API (the anti-forgery token is readable on purpose). */
export function readCookie(name: string, cookieText: string = globalThis.document?.cookie ?? ''): string | undefined {
  for (const part of cookieText.split(';')) {
    const [key, ...rest] = part.trim().split('=');
    if (key === name) return decodeURIComponent(rest.join('='));
  }
  return undefined;
}
