/** The top navigation, in the order of the spec. */
export const NAV_ITEMS = [
  { label: 'Audios', path: '/audios/' },
  { label: 'Audio Usage', path: '/audio-usage/' },
  { label: 'Approvals', path: '/approvals/' },
  { label: 'Segments', path: '/segments/' },
  { label: 'Tags', path: '/tags/' },
  { label: 'HL Points', path: '/hlpoints/' },
  { label: 'Metrics', path: '/metrics/' },
  { label: 'Users', path: '/users/' },
] as const;

/** The nav entry a path belongs to (workspace pages belong to Audios). */
export function selectNavKey(pathname: string): string | undefined {
  if (pathname.startsWith('/beats/') || pathname.startsWith('/templates/')) return '/audios/';
  return NAV_ITEMS.find((item) => pathname.startsWith(item.path))?.path;
}
