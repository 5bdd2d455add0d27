import { readdirSync } from 'node:fs';
import { join } from 'node:path';

import type { Browser, Page } from 'playwright-core';
import { request } from 'playwright-core';

import { baseUrl, launchChromium, loginThroughForm, navLink, newContext } from './harness/browser';
import { createAdminWithCommand } from './harness/session';

const NAV_ORDER = ['Audios', 'Audio Usage', 'Approvals', 'Segments', 'Tags', 'HL Points', 'Metrics', 'Users'];
const NAV_REMOTES: [string, string, string][] = [
  ['Audios', 'catalog', 'Audios'],
  ['Audio Usage', 'reports', 'Audio Usage'],
  ['Approvals', 'reports', 'Approvals'],
  ['Segments', 'reports', 'Segments'],
  ['Tags', 'admin', 'Tags'],
  ['HL Points', 'reports', 'HL Points'],
  ['Metrics', 'reports', 'Metrics'],
  ['Users', 'admin', 'Users'],
];

describe('shell: login, navigation and remotes in Chromium', () => {
  let browser: Browser;
  const admin = createAdminWithCommand('shell-admin', 'correct-horse-battery');

  beforeAll(async () => {
    browser = await launchChromium();
  });
  afterAll(async () => {
    await browser.close();
  });

  async function freshPage(): Promise<Page> {
    const context = await newContext(browser);
    return context.newPage();
  }

  it('sends a logged-out visitor of /audios/ to /login/', async () => {
    const page = await freshPage();
    await page.goto('/audios/');
    await page.waitForURL('**/login/**');
    expect(new URL(page.url()).pathname).toBe('/login/');
    await page.getByLabel('Username').waitFor({ state: 'visible' });
  });

  it("shows the server's 'location - message' lines for a wrong password", async () => {
    const api = await request.newContext({ baseURL: baseUrl() });
    await api.get('/api/me/');
    const csrf = (await api.storageState()).cookies.find((c) => c.name === 'csrftoken')!.value;
    const answer = await api.post('/api/auth/login/', {
      data: { username: admin.username, password: 'wrong-password' },
      headers: { 'X-CSRFToken': csrf },
    });
    const detail = (await answer.json()).detail as { loc: string[]; msg: string }[];
    const expected = detail.map((d) => `${d.loc.join('.')} - ${d.msg}`);

    const page = await freshPage();
    await page.goto('/login/');
    await page.getByLabel('Username').fill(admin.username);
    await page.getByLabel('Password').fill('wrong-password');
    await page.getByRole('button', { name: 'Log in' }).click();
    const lines = page.getByTestId('error-lines');
    await lines.waitFor();
    expect(expected.length).toBeGreaterThan(0);
    for (const line of expected) expect(await lines.innerText()).toContain(line);
    expect(new URL(page.url()).pathname).toBe('/login/');
  });

  it("clears the last attempt's 'server error' when the next one stops at the form's own checks", async () => {
    const page = await freshPage();
    await page.goto('/login/');
    await page.route('**/api/auth/login/', (route) => route.abort());
    await page.getByLabel('Username').fill(admin.username);
    await page.getByLabel('Password').fill('any-password');
    await page.getByRole('button', { name: 'Log in' }).click();
    await page.getByTestId('error-lines').filter({ hasText: 'server error' }).waitFor();
    await page.getByLabel('Username').fill('');
    await page.getByLabel('Password').fill('');
    await page.getByRole('button', { name: 'Log in' }).click();
    await page.getByText('Username is required').waitFor();
    expect(await page.getByText('server error').count()).toBe(0);
  });

  it('logs in to /audios/ with the nav in order, the user menu, and every remote mounting', async () => {
    const page = await freshPage();
    await loginThroughForm(page, admin.username, admin.password);
    const nav = page.getByRole('navigation', { name: 'Screens' });
    await nav
      .getByRole('link')
      .nth(NAV_ORDER.length - 1)
      .waitFor();
    expect(await nav.getByRole('link').allInnerTexts()).toEqual(NAV_ORDER);
    // The current screen's entry is marked, for the eye and for assistive technology alike.
    const current = nav.locator('[aria-current="page"]');
    expect(await current.allInnerTexts()).toEqual(['Audios']);
    await expect(page.getByTestId('user-menu').innerText()).resolves.toContain(admin.username);
    await page.locator('[data-remote="catalog"]').getByRole('heading', { name: 'Audios', exact: true }).waitFor();

    for (const [label, remote, title] of NAV_REMOTES) {
      await navLink(page, label).click();
      await page.waitForFunction(
        (want) => document.querySelector('[aria-current="page"]')?.textContent === want,
        label,
      );
      // A built screen or its placeholder: either way the remote's own heading names the page.
      await page.locator(`[data-remote="${remote}"]`).getByRole('heading', { name: title, exact: true }).waitFor();
      // single-spa unmounts the others: exactly one remote is on the page.
      expect(await page.locator('#mfe-outlet .mfe').count()).toBe(1);
    }
    // React, the kernel and the antd and router kits run as single copies across shell and remotes: count the
    // versions of each shared module loaded in any container's scope.
    const shared = await page.evaluate(() => {
      const share = (
        window as unknown as {
          __FEDERATION__: { __SHARE__: Record<string, Record<string, Record<string, Record<string, unknown>>>> };
        }
      ).__FEDERATION__.__SHARE__;
      const loaded: Record<string, Set<string>> = {};
      for (const scope of Object.values(share))
        for (const [pkg, byVersion] of Object.entries(scope.default ?? {}))
          for (const [version, v] of Object.entries(byVersion))
            if ((v as { loaded?: boolean }).loaded || (v as { lib?: unknown }).lib)
              (loaded[pkg] ??= new Set()).add(version);
      return Object.fromEntries(Object.entries(loaded).map(([pkg, versions]) => [pkg, versions.size]));
    });
    expect(shared.react).toBe(1);
    expect(shared['react-dom']).toBe(1);
    expect(shared.antd).toBe(1);
    expect(shared['react-router-dom']).toBe(1);
    expect(shared['@curator/shared/kernel']).toBe(1);
    // Zero runtime: no screen added style tags for its icons; antd's static sheet draws them.
    expect(await page.locator('style[rc-util-key="@ant-design-icons"]').count()).toBe(0);
    await navLink(page, 'Audios').click();
    const icon = page.locator('[data-remote="catalog"] .anticon').first();
    await icon.waitFor({ state: 'attached' });
    expect(await icon.evaluate((el) => getComputedStyle(el).textRendering)).toBe('optimizelegibility');
  });

  it("preloads the files /audios/ starts with, the shell's and the screen's, and no file it does not use", async () => {
    const login = await newContext(browser);
    await loginThroughForm(await login.newPage(), admin.username, admin.password);
    // A first visit: signed in, nothing in the browser's cache.
    const context = await browser.newContext({ baseURL: baseUrl(), storageState: await login.storageState() });
    await login.close();
    const page = await context.newPage();
    const warnings: string[] = [];
    page.on('console', (message) => {
      if (message.text().includes('preload')) warnings.push(message.text());
    });
    const priorities = new Map<string, string>();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    cdp.on('Network.requestWillBeSent', (event) =>
      priorities.set(new URL(event.request.url).pathname, event.request.initialPriority),
    );
    await page.goto('/audios/');
    await page.locator('[data-testid="audio-table"] tr[data-row-key]').first().waitFor();
    await page.waitForLoadState('load');
    const entries = await page.evaluate(() =>
      performance.getEntriesByType('resource').map((e) => ({
        path: new URL(e.name).pathname,
        initiator: (e as PerformanceResourceTiming).initiatorType,
      })),
    );
    // Every file of the shell's start (React, the kernel, antd, the chrome) came once: the larger ones from a
    // preload in the page, the smaller ones in the start bundle, which the page runs before its entry script;
    // none came later, from the code that needs it.
    const shellFiles = entries.filter((e) => /^\/[\w.]+\.(js|css)$/.test(e.path) && !e.path.startsWith('/main.'));
    const bundle = shellFiles.filter((e) => /^\/start\.\w+\.js$/.test(e.path));
    expect(bundle.map((e) => e.initiator)).toEqual(['script']);
    const preloaded = shellFiles.filter((e) => e !== bundle[0]);
    expect(preloaded.filter((e) => e.path.endsWith('.js')).length).toBeGreaterThanOrEqual(2);
    expect(preloaded.filter((e) => e.initiator !== 'link')).toEqual([]);
    expect(new Set(shellFiles.map((e) => e.path)).size).toBe(shellFiles.length);
    const chunksInBundle = (await (await context.request.get(bundle[0].path)).text()).match(/\(self\.webpackChunk\w+/g);
    expect(chunksInBundle?.length).toBeGreaterThan(10);
    // The shell's entry script, which starts all the others, is not queued behind them (a deferred
    // script is otherwise fetched at low priority).
    const entryScript = [...priorities].filter(([path]) => /^\/main\.\w+\.js$/.test(path));
    expect(entryScript.map(([, priority]) => priority)).toEqual(['High']);
    // The screen's start and app files came in its start bundle, which the page runs; none came on its own.
    const screenBundle = entries.filter((e) => /^\/mfe\/catalog\/[^/]+\/start\.\w+\.js$/.test(e.path));
    expect(screenBundle.map((e) => e.initiator)).toEqual(['script']);
    expect(entries.filter((e) => /^\/mfe\/catalog\/.*__federation_expose_/.test(e.path))).toEqual([]);
    const screenChunks = (await (await context.request.get(screenBundle[0].path)).text()).match(
      /\(self\.webpackChunkcatalog\b/g,
    );
    expect(screenChunks?.length).toBeGreaterThanOrEqual(2);
    // The list's page and the tags were asked for by the page too, once each: the screen's queries
    // took the preloaded answers over instead of asking again.
    const reads = entries.filter((e) => e.path === '/api/audio/' || e.path === '/api/tags/');
    expect(reads.map((e) => `${e.path} ${e.initiator}`).sort()).toEqual(['/api/audio/ link', '/api/tags/ link']);
    // Every script the page started with, the shell's and the screen's, asks V8 to compile all of its functions
    // at once, in the background while it downloads; a script of the shell's that this page did not need (another
    // screen's, or a part of the start bundle, there should the bundle fail) does not.
    const HINT = '//# allFunctionsCalledOnLoad\n';
    // antd's table, which the list does not draw, is only fetched ahead for later (a prefetch link).
    const prefetched = await page.evaluate(() =>
      [...document.querySelectorAll<HTMLLinkElement>('link[rel="prefetch"]')].map((l) => new URL(l.href).pathname),
    );
    expect(prefetched.length).toBeGreaterThan(0);
    const started = [
      ...new Set(entries.map((e) => e.path).filter((p) => p.endsWith('.js') && !prefetched.includes(p))),
    ];
    expect(started.filter((p) => p.startsWith('/mfe/catalog/')).length).toBeGreaterThanOrEqual(2);
    const hinted = async (path: string) => (await (await context.request.get(path)).text()).startsWith(HINT);
    const unhinted: string[] = [];
    for (const path of started) if (!(await hinted(path))) unhinted.push(path);
    expect(unhinted).toEqual([]);
    const later = readdirSync(join(__dirname, '../shell/dist')).filter(
      (file) => file.endsWith('.js') && !started.includes(`/${file}`),
    );
    expect(later.length).toBeGreaterThan(0);
    for (const file of later) expect(await hinted(`/${file}`)).toBe(false);
    // Chromium warns of a preloaded file left unused a few seconds after the page's load.
    await page.waitForTimeout(4_000);
    expect(warnings).toEqual([]);
    await context.close();
  });

  it('starts without its start bundle, asking for each of its parts, should the bundle not load', async () => {
    const context = await newContext(browser);
    const page = await context.newPage();
    await loginThroughForm(page, admin.username, admin.password);
    const cold = await browser.newContext({ baseURL: baseUrl(), storageState: await context.storageState() });
    await context.close();
    const coldPage = await cold.newPage();
    await coldPage.route(/\/start\.\w+\.js$/, (route) => route.abort());
    const parts: string[] = [];
    coldPage.on('requestfinished', (r) => {
      if (/^\/\d+\.\w+\.js$/.test(new URL(r.url()).pathname)) parts.push(new URL(r.url()).pathname);
    });
    await coldPage.goto('/audios/');
    await coldPage.locator('[data-testid="audio-table"] tr[data-row-key]').first().waitFor();
    expect(await navLink(coldPage, 'Audios').getAttribute('aria-current')).toBe('page');
    // The preloaded scripts, and the bundle's parts the runtime asked for one by one.
    expect(parts.length).toBeGreaterThan(10);
    await cold.close();
  });

  it('a menu still being laid out takes no clicks: a press where its items will show reaches the page beneath', async () => {
    const context = await newContext(browser);
    const page = await context.newPage();
    await loginThroughForm(page, admin.username, admin.password);
    await page.locator('[data-testid="audio-table"] tr[data-row-key]').first().waitFor();
    // Until its opening motion starts, antd lays a popup out at full size but transparent (the motion's
    // "prepare" step). What a press at the centre of "Sign out" would hit, at each change of the menu
    // while it is in that step and already in its place on screen:
    const watching = page.evaluate(
      () =>
        new Promise<string[]>((resolve) => {
          const hits: string[] = [];
          const observer = new MutationObserver(() => {
            const menu = document.querySelector<HTMLElement>('.ant-dropdown');
            if (!menu) return;
            if (!/-(appear|enter)-prepare\b/.test(menu.className)) {
              observer.disconnect();
              resolve(hits);
              return;
            }
            const item = [...menu.querySelectorAll('li')].find((li) => li.textContent === 'Sign out');
            const box = item?.getBoundingClientRect();
            if (!item || !box || box.width === 0 || box.left < 0 || box.top < 0) return;
            const hit = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
            hits.push(hit && item.contains(hit) ? 'the hidden menu item' : 'the page');
          });
          observer.observe(document.body, { subtree: true, childList: true, attributes: true });
        }),
    );
    await page.getByTestId('user-menu').click();
    const hits = await watching;
    expect(hits.length).toBeGreaterThan(0);
    expect(new Set(hits)).toEqual(new Set(['the page']));
    await context.close();
  });

  it("sends the anti-forgery cookie's value with every API call of the screens, reads included, the new one after a login", async () => {
    const context = await newContext(browser);
    const page = await context.newPage();
    const calls: Array<{ path: string; method: string; token?: string }> = [];
    page.on('request', (request) => {
      const { pathname } = new URL(request.url());
      if (pathname.startsWith('/api/') && request.resourceType() === 'fetch')
        calls.push({ path: pathname, method: request.method(), token: request.headers()['x-csrftoken'] });
    });
    await loginThroughForm(page, admin.username, admin.password);
    await navLink(page, 'Tags').click();
    await page.locator('[data-testid="tag-list"] tr[data-row-key]').first().waitFor();
    const cookie = (await context.cookies()).find((c) => c.name === 'csrftoken')?.value;
    // The calls after the login's own, made by the screens in the page the login entered.
    const after = calls.slice(calls.findIndex((c) => c.path === '/api/auth/login/') + 1);
    expect(after.filter((c) => c.method === 'GET').length).toBeGreaterThan(2);
    expect(after.filter((c) => c.token !== cookie)).toEqual([]);
    await context.close();
  });

  it('signs out to /login/ and the old session cookie then gets 401', async () => {
    const context = await newContext(browser);
    const page = await context.newPage();
    await loginThroughForm(page, admin.username, admin.password);
    const oldCookies = (await context.cookies()).map((c) => `${c.name}=${c.value}`).join('; ');
    const before = await fetch(`${baseUrl()}/api/me/`, { headers: { cookie: oldCookies } });
    expect(before.status).toBe(200);

    await page.getByTestId('user-menu').click();
    await page.getByText('Sign out', { exact: true }).click();
    await page.waitForURL('**/login/**');
    const after = await fetch(`${baseUrl()}/api/me/`, { headers: { cookie: oldCookies } });
    expect(after.status).toBe(401);
  });

  it('signs out and in again in the same tab: every screen mounts, the one signed out of and the others', async () => {
    const page = await freshPage();
    await loginThroughForm(page, admin.username, admin.password);
    await navLink(page, 'Users').click();
    await page.locator('[data-remote="admin"]').getByRole('heading', { name: 'Users', exact: true }).waitFor();
    await page.getByTestId('user-menu').click();
    await page.getByText('Sign out', { exact: true }).click();
    await page.waitForURL('**/login/**');
    await page.getByLabel('Username').fill(admin.username);
    await page.getByLabel('Password').fill(admin.password);
    await page.getByRole('button', { name: 'Log in' }).click();
    await page.waitForURL('**/audios/');
    await page.locator('[data-testid="audio-table"] tr[data-row-key]').first().waitFor();
    for (const [label, remote, title] of [
      ['Users', 'admin', 'Users'],
      ['Tags', 'admin', 'Tags'],
      ['Audios', 'catalog', 'Audios'],
    ]) {
      await navLink(page, label).click();
      await page.locator(`[data-remote="${remote}"]`).getByRole('heading', { name: title, exact: true }).waitFor();
      expect(await page.getByTestId('screen-failure').count()).toBe(0);
    }
  });

  it('a tab showing the user follows a sign-out in another tab to the login page, and a sign-in as someone else back', async () => {
    const other = createAdminWithCommand('shell-other-admin', 'correct-horse-battery-2');
    const context = await newContext(browser);
    const [first, second] = [await context.newPage(), await context.newPage()];
    await loginThroughForm(first, admin.username, admin.password);
    await second.goto('/users/');
    await second.locator('[data-remote="admin"]').getByRole('heading', { name: 'Users', exact: true }).waitFor();
    expect(await second.getByTestId('user-menu').innerText()).toContain(admin.username);
    await first.getByTestId('user-menu').click();
    await first.getByText('Sign out', { exact: true }).click();
    await first.waitForURL('**/login/**');
    // The other tab does not go on showing the user signed out: it goes to the login page, to come back after.
    await second.waitForURL(`**/login/?next=${encodeURIComponent('/users/')}`);
    await loginThroughForm(first, other.username, other.password);
    await second.getByTestId('user-menu').filter({ hasText: other.username }).waitFor();
    expect(new URL(second.url()).pathname).toBe('/users/');
    expect(await first.getByTestId('user-menu').innerText()).toContain(other.username);
    await context.close();
  });

  it('says an address no screen answers is not found, under a working navigation', async () => {
    const page = await freshPage();
    await loginThroughForm(page, admin.username, admin.password);
    await page.goto('/nope/');
    await page.getByText('Page not found', { exact: true }).waitFor();
    await navLink(page, 'Metrics').click();
    await page.locator('[data-remote="reports"]').getByRole('heading', { name: 'Metrics', exact: true }).waitFor();
    expect(await page.getByText('Page not found', { exact: true }).count()).toBe(0);
    await page.context().close();
  });

  it('says so and stays signed in when Sign out gets no answer', async () => {
    const page = await freshPage();
    await loginThroughForm(page, admin.username, admin.password);
    await page.route('**/api/auth/logout/', (route) => route.abort());
    await page.getByTestId('user-menu').click();
    await page.getByText('Sign out', { exact: true }).click();
    const toast = page.getByTestId('toast').filter({ hasText: 'Sign out failed: you are still signed in. Try again.' });
    await toast.waitFor();
    expect(new URL(page.url()).pathname).toBe('/audios/');
    expect((await page.request.get('/api/me/')).status()).toBe(200);
    // The toast covers the menu while it shows (and stays while the pointer is on it).
    await page.mouse.move(10, 500);
    await toast.waitFor({ state: 'detached' });
    await page.unroute('**/api/auth/logout/');
    await page.getByTestId('user-menu').click();
    await page.getByText('Sign out', { exact: true }).click();
    await page.waitForURL('**/login/**');
    await page.context().close();
  });

  it('cuts a long username in the user menu short, leaving every navigation link to the pointer (1280 px)', async () => {
    const long = createAdminWithCommand(`shell-${'u'.repeat(54)}`, 'correct-horse-battery');
    const page = await (
      await browser.newContext({ baseURL: baseUrl(), viewport: { width: 1280, height: 720 } })
    ).newPage();
    await loginThroughForm(page, long.username, long.password);
    const nav = page.getByRole('navigation', { name: 'Screens' });
    for (const label of NAV_ORDER) {
      const box = await nav.getByRole('link', { name: label, exact: true }).boundingBox();
      const hit = await page.evaluate(
        ([x, y]) => document.elementFromPoint(x, y)?.closest('a')?.textContent ?? null,
        [box!.x + box!.width / 2, box!.y + box!.height / 2],
      );
      expect(hit).toBe(label);
    }
    expect(await page.getByTestId('user-menu').getAttribute('title')).toBe(long.username);
    await page.context().close();
  });
});
