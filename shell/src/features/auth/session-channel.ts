import { useGetMeQuery } from '@curator/shared/kernel';
import { useEffect } from 'react';

import { loginPathFor, safeNext } from './safe-next';

type SessionMessage = { signedIn?: string; signedOut?: true };

/**
 * The browser's tabs of this site share one session cookie: they tell each other who signed in. One channel per page,
 * for sending and hearing: a channel does not hear its own messages, so a tab does not follow its own sign-in.
 */
const channel = typeof BroadcastChannel === 'undefined' ? undefined : new BroadcastChannel('curator-session');

/** Tells the other tabs that `username` signed in here. */
export function announceSignIn(username: string): void {
  channel?.postMessage({ signedIn: username } satisfies SessionMessage);
}

/** Tells the other tabs that the session was signed out here. */
export function announceSignOut(): void {
  channel?.postMessage({ signedOut: true } satisfies SessionMessage);
}

/**
 * A tab that shows a user when the session was signed out in another tab goes to the login page, which brings it back
 * to where it was after a sign-in: it kept showing the user, who seemed still signed in, until its next request.
 *
 * A tab that shows someone else than the user who just signed in elsewhere loads again: every request it sends now
 * runs as that user, while its menu (and what it offers an admin) still named the one before. A tab that made a
 * request since the sign-out before it is on the login page already; loaded again, that page follows the new session.
 */
export function FollowSignIns() {
  const shown = useGetMeQuery().data?.username;
  useEffect(() => {
    if (!channel) return undefined;
    const follow = (event: MessageEvent<SessionMessage>) => {
      const { signedIn, signedOut } = event.data ?? {};
      const onLoginPage = window.location.pathname.startsWith('/login/');
      if (signedIn !== undefined && signedIn !== shown) {
        // On the login page, the page it would go to after its own sign-in: where the tab was before.
        if (onLoginPage) window.location.assign(safeNext(new URLSearchParams(window.location.search).get('next')));
        else window.location.reload();
      }
      if (signedOut && shown !== undefined && !onLoginPage) {
        const { pathname, search, hash } = window.location;
        window.location.assign(loginPathFor(pathname + search + hash));
      }
    };
    channel.addEventListener('message', follow);
    return () => channel.removeEventListener('message', follow);
  }, [shown]);
  return null;
}
