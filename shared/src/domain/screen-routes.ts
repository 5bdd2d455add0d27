/**
 * True when `pathname` is one of a screen's routes or below it (`/beats/` serves `/beats/abc/`, and
 * `/beats` too). The shell mounts the screen by it; the API preloads that screen's files by it.
 */
export function isScreenRoute(routes: readonly string[], pathname: string): boolean {
  return routes.some((route) => pathname === route.replace(/\/$/, '') || pathname.startsWith(route));
}
