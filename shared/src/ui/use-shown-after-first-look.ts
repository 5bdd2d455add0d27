import { startTransition, useEffect, useState } from 'react';

/** How long a part waits for `ready` at most before it is shown anyway. */
export const SHOWN_LATEST_MS = 1500;

/**
 * For the parts of a screen that the user needs a moment after its first look (a list's filters, a
 * workspace's panels): false on the first render, true once `ready` (the first look is on the page),
 * or after `latestMs` whatever `ready` says. It turns true in a transition, so the part renders in
 * slices of a few milliseconds that yield to input and to the frames, after what came first was drawn.
 */
export function useShownAfterFirstLook(ready: boolean, latestMs = SHOWN_LATEST_MS): boolean {
  const [shown, setShown] = useState(false);
  useEffect(() => {
    if (shown) return undefined;
    const show = () => startTransition(() => setShown(true));
    if (ready) return void show();
    const timer = setTimeout(show, latestMs);
    return () => clearTimeout(timer);
  }, [ready, shown, latestMs]);
  return shown;
}
