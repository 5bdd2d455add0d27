import type { Browser, BrowserContext } from 'playwright-core';

import { launchChromium, loginThroughForm, newContext } from './harness/browser';
import { createAdminWithCommand } from './harness/session';

describe('a session ended while a screen is open', () => {
  let browser: Browser;
  const admin = createAdminWithCommand('session-end-admin', 'ended-elsewhere-passphrase-42');

  beforeAll(async () => {
    browser = await launchChromium();
  });
  afterAll(async () => {
    await browser.close();
  });

  /**
   * Ends the browser's session without any tab hearing of it, as a session limit, a new password or an admin's delete
   * does (a Sign out in one of its tabs tells the others, which then go to the login page at once).
   */
  async function endSessionQuietly(context: BrowserContext): Promise<void> {
    const csrf = (await context.cookies()).find((c) => c.name === 'csrftoken')!.value;
    expect((await context.request.post('/api/auth/logout/', { headers: { 'X-CSRFToken': csrf } })).status()).toBe(204);
  }

  it('takes the next click on the open screen to /login/?next= that screen, and back to it after login', async () => {
    const context = await newContext(browser);
    const list = await context.newPage();
    await loginThroughForm(list, admin.username, admin.password);
    await list.getByTestId('page-number').first().filter({ hasText: /^1$/ }).waitFor();
    await list.locator('[data-testid="audio-table"] tr[data-row-key]').first().waitFor();

    await endSessionQuietly(context);

    // The tab still shows its rows; its next click finds the session gone.
    await list.getByRole('button', { name: 'Next' }).first().click();
    await list.waitForURL(/\/login\/\?next=/);
    const next = new URL(list.url()).searchParams.get('next')!;
    expect(new URL(next, 'http://x').pathname).toBe('/audios/');
    await list.getByLabel('Username').waitFor({ state: 'visible' });
    expect(await list.getByTestId('audio-table').count()).toBe(0);
    // Paging changed nothing: the login page has nothing unsaved to own up to.
    expect(await list.getByTestId('unsaved-change').count()).toBe(0);

    await list.getByLabel('Username').fill(admin.username);
    await list.getByLabel('Password').fill(admin.password);
    await list.getByRole('button', { name: 'Log in' }).click();
    await list.waitForURL((url) => url.pathname === '/audios/');
    expect(new URL(list.url()).pathname + new URL(list.url()).search).toBe(next);
    await context.close();
  });

  it('says on the login page that a change the ended session refused was not saved', async () => {
    const context = await newContext(browser);
    const list = await context.newPage();
    await loginThroughForm(list, admin.username, admin.password);
    const row = list.locator('[data-testid="audio-table"] tr[data-row-key]').first();
    await row.waitFor();
    await endSessionQuietly(context);

    // A quick tag is a change: its save meets the ended session.
    await row.getByRole('button', { name: 'inside app' }).click();
    await list.waitForURL(/\/login\/\?next=/);
    await list
      .getByTestId('unsaved-change')
      .getByText('Your session ended before your last change was saved: sign in, then make it again.')
      .waitFor();
    await context.close();
  });
});
