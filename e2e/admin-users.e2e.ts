import type { Browser, Dialog, Page } from 'playwright-core';

import { launchChromium, loginThroughForm, navLink, newContext } from './harness/browser';
import { apiSession, createAdminWithCommand } from './harness/session';

const STAFF = { username: 'e2e-staff', password: 'first-pass-1' };

describe('admin remote: users in Chromium', () => {
  let browser: Browser;
  let adminPage: Page;
  const admin = createAdminWithCommand('users-admin', 'pass-for-user-work-1');

  beforeAll(async () => {
    browser = await launchChromium();
    adminPage = await (await newContext(browser)).newPage();
    await loginThroughForm(adminPage, admin.username, admin.password);
  });
  afterAll(async () => {
    await browser.close();
  });

  const row = (page: Page, username: string) =>
    page.locator('[data-testid="user-list"] tbody tr', { has: page.getByText(username, { exact: true }) });
  const answerNextConfirm = (page: Page, accept: boolean) =>
    new Promise<string>((resolve) => {
      page.once('dialog', (dialog: Dialog) => {
        resolve(dialog.message());
        void (accept ? dialog.accept() : dialog.dismiss());
      });
    });
  async function openUsers(page: Page) {
    await navLink(page, 'Users').click();
    await page.getByTestId('user-list').getByRole('heading', { name: 'Users' }).waitFor();
  }
  async function fillUserForm(page: Page, values: { username?: string; password?: string }) {
    if (values.username !== undefined) await page.getByLabel('Username').fill(values.username);
    if (values.password !== undefined) await page.getByLabel('Password').fill(values.password);
  }

  it('lists users and creates one through the Create User form', async () => {
    await openUsers(adminPage);
    await row(adminPage, admin.username)
      .getByTestId('admin-flag')
      .and(adminPage.locator('[data-admin="true"]'))
      .waitFor();
    await adminPage.getByRole('link', { name: 'Create User' }).click();
    await adminPage.waitForURL('**/users/create/');

    await adminPage.getByRole('button', { name: 'Save' }).click();
    await adminPage.getByText('Username is required').waitFor();
    await adminPage.getByText('Password is required').waitFor();

    await fillUserForm(adminPage, { username: 'bad name!', password: 'short' });
    await adminPage.getByRole('button', { name: 'Save' }).click();
    const lines = adminPage.getByTestId('error-lines');
    await lines.waitFor();
    expect(await lines.innerText()).toContain('body.username - Enter a valid username');
    expect(await lines.innerText()).toContain('body.password - Ensure this field has at least 8 characters');
    await adminPage.screenshot({ path: '/tmp/admin-user-create-errors.png' });

    await fillUserForm(adminPage, STAFF);
    await adminPage.getByRole('button', { name: 'Save' }).click();
    await adminPage.waitForURL('**/users/');
    await row(adminPage, STAFF.username).locator('[data-admin="false"]').waitFor();
    await adminPage.screenshot({ path: '/tmp/admin-users-list.png' });
  });

  it("shows 'Error' when creating gets no response", async () => {
    await adminPage.getByRole('link', { name: 'Create User' }).click();
    await adminPage.route('**/api/users/', (route) =>
      route.request().method() === 'POST' ? route.abort() : route.fallback(),
    );
    await fillUserForm(adminPage, { username: 'never-made', password: 'password-1' });
    await adminPage.getByRole('button', { name: 'Save' }).click();
    await adminPage.getByTestId('error-lines').getByText('Error', { exact: true }).waitFor();
    await adminPage.unroute('**/api/users/');
    expect(new URL(adminPage.url()).pathname).toBe('/users/create/');
  });

  it("lets the new user log in; as a non-admin they see 'Admin only' where the server refuses", async () => {
    const page = await (await newContext(browser)).newPage();
    await loginThroughForm(page, STAFF.username, STAFF.password);
    await openUsers(page);
    await row(page, admin.username).waitFor();

    const confirm = answerNextConfirm(page, true);
    await row(page, admin.username)
      .getByRole('button', { name: `Delete ${admin.username}` })
      .click();
    expect(await confirm).toBe('are you sure ?');
    await page.getByTestId('request-refusal').getByText('Admin only').waitFor();
    await row(page, admin.username).waitFor();
    await page.screenshot({ path: '/tmp/admin-users-non-admin-delete.png' });

    await row(page, admin.username)
      .getByRole('link', { name: `Edit ${admin.username}` })
      .click();
    await page.getByTestId('request-refusal').getByText('Admin only').waitFor();
    await page.screenshot({ path: '/tmp/admin-user-edit-non-admin.png' });

    await page.goto('/users/create/');
    await fillUserForm(page, { username: 'sneaky', password: 'password-1' });
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByTestId('error-lines').getByText('Admin only').waitFor();
    await page.context().close();
  });

  it('edits the user with the password left blank: the flag changes and the old password still logs in', async () => {
    await openUsers(adminPage);
    await row(adminPage, STAFF.username)
      .getByRole('link', { name: `Edit ${STAFF.username}` })
      .click();
    await adminPage.waitForURL(`**/users/${STAFF.username}/edit/`);
    expect(await adminPage.getByLabel('Username').inputValue()).toBe(STAFF.username);
    expect(await adminPage.getByLabel('Password').inputValue()).toBe('');
    await adminPage.getByLabel('Admin').check();
    await adminPage.screenshot({ path: '/tmp/admin-user-edit.png' });
    await adminPage.getByRole('button', { name: 'Save' }).click();
    await adminPage.waitForURL('**/users/');
    await row(adminPage, STAFF.username).locator('[data-admin="true"]').waitFor();

    const page = await (await newContext(browser)).newPage();
    await loginThroughForm(page, STAFF.username, STAFF.password);
    await page.context().close();
  });

  it('opens the edit form on what the server holds now: a flag changed elsewhere is not saved back', async () => {
    const edit = () =>
      row(adminPage, STAFF.username)
        .getByRole('link', { name: `Edit ${STAFF.username}` })
        .click();
    await openUsers(adminPage);
    await edit();
    expect(await adminPage.getByLabel('Admin').isChecked()).toBe(true);
    // Another admin takes the flag while this one has the form open; this one goes back to the list, then edits again.
    const other = await apiSession(admin);
    await other
      .put(`/api/users/${STAFF.username}/`, {
        data: { username: STAFF.username, admin: false },
        headers: { 'X-CSRFToken': other.csrf },
      })
      .then((res) => expect(res.status()).toBe(200));
    await adminPage.goBack();
    await row(adminPage, STAFF.username).locator('[data-admin="false"]').waitFor();
    await edit();
    await adminPage.getByLabel('Username').waitFor();
    expect(await adminPage.getByLabel('Admin').isChecked()).toBe(false);
    await fillUserForm(adminPage, { password: 'second-pass-2' });
    await adminPage.getByRole('button', { name: 'Save' }).click();
    await adminPage.waitForURL('**/users/');
    const saved = await (await other.get(`/api/users/${STAFF.username}/`)).json();
    expect(saved.admin).toBe(false);
    STAFF.password = 'second-pass-2';
    // Renamed elsewhere, then Back to the form this page drew before: the page says the user is gone, with no form.
    const rename = (from: string, to: string) =>
      other.put(`/api/users/${from}/`, { data: { username: to }, headers: { 'X-CSRFToken': other.csrf } });
    expect((await rename(STAFF.username, `${STAFF.username}-2`)).status()).toBe(200);
    await adminPage.goBack();
    await adminPage.waitForURL(`**/users/${STAFF.username}/edit/`);
    await adminPage.getByText('User not found').waitFor();
    expect(await adminPage.getByLabel('Username').count()).toBe(0);
    expect((await rename(`${STAFF.username}-2`, STAFF.username)).status()).toBe(200);
    await other.dispose();
  });

  it('keeps a 150-character username inside the Users table, cut short with the whole name on hover', async () => {
    const longName = `long-${'w'.repeat(145)}`;
    const api = await apiSession(admin);
    const created = await api.post('/api/users/', {
      data: { username: longName, password: 'a-long-named-pass-1' },
      headers: { 'X-CSRFToken': api.csrf },
    });
    expect(created.status()).toBe(201);
    await adminPage.setViewportSize({ width: 1280, height: 720 });
    await openUsers(adminPage);
    const cell = row(adminPage, longName).locator('td').first();
    await cell.waitFor();
    const widths = await adminPage.getByTestId('user-list').evaluate((list) => ({
      list: list.clientWidth,
      table: list.querySelector('table')!.scrollWidth,
    }));
    expect(widths.table).toBeLessThanOrEqual(widths.list);
    expect(await row(adminPage, longName).locator(`[title="${longName}"]`).count()).toBe(1);
    // The Edit and Delete cells keep their place beside it.
    expect(
      await row(adminPage, longName)
        .getByRole('button', { name: `Delete ${longName}` })
        .isVisible(),
    ).toBe(true);
    expect((await api.delete(`/api/users/${longName}/`, { headers: { 'X-CSRFToken': api.csrf } })).status()).toBe(204);
    await api.dispose();
    await adminPage.setViewportSize({ width: 1400, height: 900 });
  });

  it('deletes only when the confirm is accepted, and the deleted user is logged out', async () => {
    const staffPage = await (await newContext(browser)).newPage();
    await loginThroughForm(staffPage, STAFF.username, STAFF.password);
    await openUsers(adminPage);

    const dismissed = answerNextConfirm(adminPage, false);
    await row(adminPage, STAFF.username)
      .getByRole('button', { name: `Delete ${STAFF.username}` })
      .click();
    expect(await dismissed).toBe('are you sure ?');
    await adminPage.waitForTimeout(500);
    expect(await row(adminPage, STAFF.username).count()).toBe(1);

    const accepted = answerNextConfirm(adminPage, true);
    await row(adminPage, STAFF.username)
      .getByRole('button', { name: `Delete ${STAFF.username}` })
      .click();
    expect(await accepted).toBe('are you sure ?');
    await row(adminPage, STAFF.username).waitFor({ state: 'detached' });

    expect((await staffPage.request.get('/api/me/')).status()).toBe(401);
    await staffPage.context().close();
  });
});
