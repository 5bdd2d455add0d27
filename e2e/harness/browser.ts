import { NAV_LANDMARK_LABEL } from '@curator/shared';
import { type Browser, type BrowserContext, chromium, type Locator, type Page } from 'playwright-core';

// Debian's Chromium; Playwright passes --no-sandbox itself (needed as root). The background
// networking flags stop Chromium calling out to hosts this machine cannot reach.
const CHROMIUM_ARGS = [
  '--disable-gpu',
  '--disable-dev-shm-usage',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--autoplay-policy=no-user-gesture-required',
];

export function launchChromium(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
    headless: true,
    args: CHROMIUM_ARGS,
  });
}

export function baseUrl(): string {
  const url = process.env.E2E_BASE_URL;
  if (!url) throw new Error('E2E_BASE_URL is not set: run e2e tests through jest (npm test)');
  return url;
}

export async function newContext(browser: Browser): Promise<BrowserContext> {
  return browser.newContext({ baseURL: baseUrl(), viewport: { width: 1400, height: 900 } });
}

/** Logs in through the real login form and waits for the audio list route. */
export async function loginThroughForm(page: Page, username: string, password: string): Promise<void> {
  await page.goto('/login/');
  await page.getByLabel('Username').fill(username);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Log in' }).click();
  await page.waitForURL('**/audios/');
}

/** The top navigation's link to a screen (its label exactly). */
export function navLink(page: Page, label: string): Locator {
  return page.getByRole('navigation', { name: NAV_LANDMARK_LABEL }).getByRole('link', { name: label, exact: true });
}

/** `count` readings of `read`, one every `everyMs`, the first at once: what the screen showed over that time. */
export async function readingsOf<T>(read: () => Promise<T>, count: number, everyMs: number): Promise<T[]> {
  const readings: T[] = [];
  for (let i = 0; i < count; i += 1) {
    if (i > 0) await new Promise((resolve) => setTimeout(resolve, everyMs));
    readings.push(await read());
  }
  return readings;
}

/**
 * Holds the page's first call to `path` for `ms` on its way to the server, the calls after it going at once: a slow
 * network for that one call, to show whether a later call can overtake it. `release` takes the hold off the page.
 */
export async function holdFirstCall(page: Page, path: string, ms: number): Promise<{ release: () => Promise<void> }> {
  const matches = (url: URL) => url.pathname === path;
  let held = false;
  await page.route(matches, async (route) => {
    if (!held) {
      held = true;
      await new Promise((resolve) => setTimeout(resolve, ms));
    }
    await route.continue().catch(() => undefined);
  });
  return { release: () => page.unroute(matches) };
}

/**
 * Every call of the page to `path` is held `ms` on its way, then lost as a dropped connection would lose it: the
 * server never sees it and the page gets a network error. `release` takes the failure off the page.
 */
export async function dropCalls(page: Page, path: string, ms: number): Promise<{ release: () => Promise<void> }> {
  const matches = (url: URL) => url.pathname === path;
  await page.route(matches, async (route) => {
    await new Promise((resolve) => setTimeout(resolve, ms));
    await route.abort('connectionreset').catch(() => undefined);
  });
  return { release: () => page.unroute(matches) };
}
