import type { Browser, Dialog, Page } from 'playwright-core';

import { launchChromium, loginThroughForm, navLink, newContext } from './harness/browser';
import { apiSession, createAdminWithCommand } from './harness/session';
import { importCatalog } from './harness/workspace-seed';

const TAG = 'e2e-admin-tag';
const KEPT_TAG = 'e2e-kept-tag';
const AUDIO = { id: 'e2e-admin-tags-audio', name: 'Admin Tags Probe' };

describe('admin remote: tags in Chromium', () => {
  let browser: Browser;
  let page: Page;
  const admin = createAdminWithCommand('tags-admin', 'pass-for-tag-work-1');

  beforeAll(async () => {
    importCatalog([
      {
        music_canonical_id: AUDIO.id,
        audio_name: AUDIO.name,
        artist_name: 'Probe Artist',
        is_original_sound: false,
        media: null,
      },
    ]);
    browser = await launchChromium();
    page = await (await newContext(browser)).newPage();
    await loginThroughForm(page, admin.username, admin.password);
  });
  afterAll(async () => {
    await browser.close();
  });

  const row = (text: string) =>
    page.locator('[data-testid="tag-list"] tbody tr', { has: page.getByText(text, { exact: true }) });
  const answerNextConfirm = (accept: boolean) =>
    new Promise<string>((resolve) => {
      page.once('dialog', (dialog: Dialog) => {
        resolve(dialog.message());
        void (accept ? dialog.accept() : dialog.dismiss());
      });
    });

  it('creates a tag from the form and lists it with its count and dates', async () => {
    await navLink(page, 'Tags').click();
    await page.getByTestId('tag-list').getByRole('heading', { name: 'Tags' }).waitFor();
    for (const text of [TAG, KEPT_TAG]) {
      await page.getByPlaceholder('New tag').fill(text);
      await page.getByRole('button', { name: 'Create tag' }).click();
      await row(text).waitFor();
    }
    expect(await page.getByPlaceholder('New tag').inputValue()).toBe('');
    const cells = await row(TAG).locator('td').allInnerTexts();
    expect(cells[1]).toBe('0');
    expect(cells[3]).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}$/);

    await page.getByPlaceholder('New tag').fill(TAG.toUpperCase());
    await page.getByRole('button', { name: 'Create tag' }).click();
    await page.getByTestId('request-refusal').waitFor();
    await page.screenshot({ path: '/tmp/admin-tags-duplicate.png' });
  });

  it('deletes a tag only after the confirm, and it leaves the audio that carried it', async () => {
    const api = await apiSession(admin);
    const tagged = await api.post(`/api/audio/${AUDIO.id}/taggify/`, {
      data: { tags: [TAG, KEPT_TAG] },
      headers: { 'X-CSRFToken': api.csrf },
    });
    expect(tagged.ok()).toBe(true);
    await page.reload();
    await row(TAG).locator('td').nth(1).filter({ hasText: /^1$/ }).waitFor();
    await page.screenshot({ path: '/tmp/admin-tags-list.png' });

    const dismissed = answerNextConfirm(false);
    await row(TAG)
      .getByRole('button', { name: `Delete ${TAG}` })
      .click();
    expect(await dismissed).toBe('are you sure ?');
    await page.waitForTimeout(500);
    expect(await row(TAG).count()).toBe(1);

    const accepted = answerNextConfirm(true);
    await row(TAG)
      .getByRole('button', { name: `Delete ${TAG}` })
      .click();
    expect(await accepted).toBe('are you sure ?');
    await row(TAG).waitFor({ state: 'detached' });
    await row(KEPT_TAG).waitFor();

    const detail = (await (await api.get(`/api/audio/${AUDIO.id}/`)).json()) as { tags: string[] };
    expect(detail.tags).toEqual([KEPT_TAG]);

    await page.goto(`/audios/?q=${encodeURIComponent(AUDIO.name)}`);
    const audioRow = page.locator(`[data-testid="audio-table"] tr[data-row-key="${AUDIO.id}"]`);
    await audioRow.locator('.tag-editor').getByText(KEPT_TAG).waitFor();
    expect(await audioRow.locator('.tag-editor').innerText()).not.toContain(TAG);
    await page.screenshot({ path: '/tmp/admin-tags-audio-after.png' });
    await api.dispose();
  });

  it("shows a non-admin the server's 'Admin only' when they try to create or delete a tag", async () => {
    const staff = { username: 'tags-staff', password: 'staff-of-tags-1' };
    const api = await apiSession(admin);
    expect(
      (await api.post('/api/users/', { data: { ...staff, admin: false }, headers: { 'X-CSRFToken': api.csrf } })).ok(),
    ).toBe(true);
    await api.dispose();
    const staffPage = await (await newContext(browser)).newPage();
    await loginThroughForm(staffPage, staff.username, staff.password);
    await staffPage.goto('/tags/');
    await staffPage.getByPlaceholder('New tag').fill('not-allowed');
    await staffPage.getByRole('button', { name: 'Create tag' }).click();
    await staffPage.getByTestId('request-refusal').getByText('Admin only').waitFor();

    staffPage.once('dialog', (dialog) => void dialog.accept());
    await staffPage
      .locator('[data-testid="tag-list"] tbody tr', { has: staffPage.getByText(KEPT_TAG, { exact: true }) })
      .getByRole('button', { name: `Delete ${KEPT_TAG}` })
      .click();
    await staffPage
      .locator('[data-testid="tag-list"] > [data-testid="request-refusal"]')
      .getByText('Admin only')
      .waitFor();
    await staffPage.screenshot({ path: '/tmp/admin-tags-non-admin.png' });
    await staffPage.context().close();
  });
});
