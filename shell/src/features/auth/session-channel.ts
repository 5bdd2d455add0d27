import { useGetMeQuery } from '@curator/shared/kernel';
import { useEffect } from 'react';

type SessionMessage = { signedIn?: string };

/**
 * The browser's tabs of this site share one session cookie: they tell each other who signed in. One channel per page,
 * for sending and hearing: a channel does not hear its own messages, so a tab does not follow its own sign-in.
 */
const channel = typeof BroadcastChannel === 'undefined' ? undefined : new BroadcastChannel('curator-session');

/** Tells the other tabs that `username` signed in here. */
export function announceSignIn(username: string): void {
  channel?.postMessage({ signedIn: username } satisfies SessionMessage);
}

/**
 * A tab that shows someone else than the user who just signed in elsewhere loads again: every request it sends now
 * runs as that user, while its menu (and what it offers an admin) still named the one before. A tab that made a
 * request since the sign-out before it is on the login page already; loaded again, that page follows the new session.
 */
export function FollowSignIns() {
  const shown = useGetMeQuery().data?.username;
  useEffect(() => {
    if (!channel) return undefined;
    const follow = (event: MessageEvent<SessionMessage>) => {
      const signedIn = event.data?.signedIn;
      if (signedIn !== undefined && signedIn !== shown) window.location.reload();
    };
    channel.addEventListener('message', follow);
    return () => channel.removeEventListener('message', follow);
  }, [shown]);
  return null;
}
