import type { RemoteDefinition } from '@curator/shared';
import type { AppStore } from '@curator/shared/kernel';
import { useEffect } from 'react';

import { isRouteOf, prefetchScreen, startRequestsForLink } from './screen-registry';

/** After the first screen is up, the others' files are fetched while the browser is idle. */
const IDLE_PREFETCH_DELAY_MS = 2000;

/**
 * Fetches other screens' files before they are opened: when the pointer or the focus reaches a link
 * to one of their routes (the navigation, or a screen's own links such as the audio list's), with
 * the first requests of the linked page, and for all of them once the browser is idle.
 */
export function useScreenPrefetch(store: AppStore, remotes: RemoteDefinition[]): void {
  useEffect(() => {
    if (remotes.length === 0) return;
    const handleApproach = (event: Event) => {
      const link = (event.target as Element | null)?.closest?.('a[href]');
      if (!(link instanceof HTMLAnchorElement) || link.origin !== location.origin) return;
      const remote = remotes.find((r) => isRouteOf(r, link.pathname));
      if (!remote) return;
      prefetchScreen(store, remote);
      // Another screen's page: its first requests start too (the current screen's data is here).
      if (!isRouteOf(remote, location.pathname)) startRequestsForLink(store, remote, link);
    };
    document.addEventListener('pointerover', handleApproach);
    document.addEventListener('focusin', handleApproach);
    const timer = setTimeout(() => {
      const idle = window.requestIdleCallback ?? ((run: () => void) => setTimeout(run, 0));
      idle(() => remotes.forEach((remote) => prefetchScreen(store, remote)));
    }, IDLE_PREFETCH_DELAY_MS);
    return () => {
      document.removeEventListener('pointerover', handleApproach);
      document.removeEventListener('focusin', handleApproach);
      clearTimeout(timer);
    };
  }, [remotes, store]);
}
