// The current screen's files and first requests start loading as soon as the kernel is here, while
// antd and the chrome's own code are still on their way (index.ts loads both chunks at once).
import { appStore, bootData } from './app/app-store';
import { loadRemoteMap, preloadScreenFor } from './features/screens/screen-registry';

/** How long the chrome's first render waits for the screen's first requests to leave. */
const CHROME_WAITS_FOR_REQUESTS_MS = 400;

const remotes = loadRemoteMap(bootData?.remotes);

/**
 * Resolves once the current screen's first requests are on their way (or there are none, or after
 * CHROME_WAITS_FOR_REQUESTS_MS): rendering the chrome first would hold them back behind it.
 */
export const screenRequestsStarted: Promise<void> = location.pathname.startsWith('/login/')
  ? Promise.resolve()
  : Promise.race([
      remotes.then((map) => preloadScreenFor(appStore, map, location.pathname)).catch(() => undefined),
      new Promise<void>((resolve) => setTimeout(resolve, CHROME_WAITS_FOR_REQUESTS_MS)),
    ]);
