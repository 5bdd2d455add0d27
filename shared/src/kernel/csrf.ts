export const CSRF_COOKIE = 'csrftoken';
export const CSRF_HEADER = 'X-CSRFToken';

/** Reads a cookie set by the API (the anti-forgery token is readable on purpose). */
export function readCookie(name: string, cookieText: string = globalThis.document?.cookie ?? ''): string | undefined {
  for (const part of cookieText.split(';')) {
    const [key, ...rest] = part.trim().split('=');
    if (key === name) return decodeURIComponent(rest.join('='));
  }
  return undefined;
}
