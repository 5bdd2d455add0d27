import type { Browser, Page } from 'playwright-core';
import { request } from 'playwright-core';

import { baseUrl, launchChromium, loginThroughForm, newContext } from './harness/browser';
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

  it('logs in to /audios/ with the nav in order, the user menu, and every remote mounting', async () => {
    const page = await freshPage();
    await loginThroughForm(page, admin.username, admin.password);
    await page
      .locator('.shell-nav .ant-menu-item')
      .nth(NAV_ORDER.length - 1)
      .waitFor();
    const navTexts = await page.locator('.shell-nav .ant-menu-item').allInnerTexts();
    expect(navTexts.map((t) => t.trim())).toEqual(NAV_ORDER);
    await expect(page.getByTestId('user-menu').innerText()).resolves.toContain(admin.username);
    await page.locator('[data-remote="catalog"]').getByRole('heading', { name: 'Audios', exact: true }).waitFor();

    for (const [label, remote, title] of NAV_REMOTES) {
      await page.locator('.shell-nav').getByText(label, { exact: true }).click();
      // A built screen or its placeholder: either way the remote's own heading names the page.
      await page.locator(`[data-remote="${remote}"]`).getByRole('heading', { name: title, exact: true }).waitFor();
      // single-spa unmounts the others: exactly one remote is on the page.
      expect(await page.locator('#mfe-outlet .mfe').count()).toBe(1);
    }
    // React, the kernel and the antd kit run as single copies across shell and remotes: count the
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
    expect(shared['@curator/shared/kernel']).toBe(1);
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
});
