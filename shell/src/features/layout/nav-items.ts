import { NAV_LABELS } from '@curator/shared';

/** The top navigation, in the order of docs/screens.md. */
export const NAV_ITEMS = [
  { label: NAV_LABELS.audios, path: '/audios/' },
  { label: NAV_LABELS.audioUsage, path: '/audio-usage/' },
  { label: NAV_LABELS.approvals, path: '/approvals/' },
  { label: NAV_LABELS.segments, path: '/segments/' },
  { label: NAV_LABELS.tags, path: '/tags/' },
  { label: NAV_LABELS.hlPoints, path: '/hlpoints/' },
  { label: NAV_LABELS.metrics, path: '/metrics/' },
  { label: NAV_LABELS.users, path: '/users/' },
] as const;

/** The nav entry a path belongs to (workspace and template pages belong to Audios). */
export function selectNavKey(pathname: string): string | undefined {
  if (pathname.startsWith('/beats/') || pathname.startsWith('/templates/')) return '/audios/';
  return NAV_ITEMS.find((item) => pathname.startsWith(item.path))?.path;
}
