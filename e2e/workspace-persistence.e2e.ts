import type { APIRequestContext, Browser, Page } from 'playwright-core';

import { launchChromium, loginThroughForm, newContext } from './harness/browser';
import { apiSession, createAdminWithCommand } from './harness/session';
import {
  beatRow,
  createBeat,
  eventually,
  fetchAudio,
  fetchBeats,
  openWorkspace,
  seekTo,
  shownOffsets,
  waitForToast,
} from './harness/workspace-page';
import { importCatalog, synthesiseTrackOnce, uniqueAudioId } from './harness/workspace-seed';

describe('workspace: saves that fail, playback keys and media states in Chromium', () => {
  let browser: Browser;
  let page: Page;
  let api: APIRequestContext & { csrf: string };
  const admin = createAdminWithCommand('ws-persist-admin', 'ws-persist-password-1');
  const id = uniqueAudioId('wspersist');
  const noMediaId = uniqueAudioId('wsnomedia');

  async function typeOffset(offset: number) {
    await page.getByLabel('Add offset (s)').fill(String(offset));
    await page.getByLabel('Add offset (s)').press('Enter');
  }

  beforeAll(async () => {
    const track = synthesiseTrackOnce('ws-100bpm-30s', 30, 100);
    importCatalog([
      {
        music_canonical_id: id,
        audio_name: 'Workspace Saves',
        is_original_sound: true,
        media: track.path,
        highlight_start_times_in_ms: [0],
      },
      { music_canonical_id: noMediaId, audio_name: 'Workspace Silent', is_original_sound: true, media: null },
    ]);
    api = await apiSession(admin);
    browser = await launchChromium();
    page = await (await newContext(browser)).newPage();
    await loginThroughForm(page, admin.username, admin.password);
    await openWorkspace(page, id);
  }, 300_000);

  afterAll(async () => {
    await browser?.close();
    await api?.dispose();
  });

  it('shows a save refused as stale (409) and returns the screen to what the server holds', async () => {
    await createBeat(page, 'shared', 'shared');
    await typeOffset(2);
    const [held] = await eventually(
      () => fetchBeats(api, id),
      (b) => b[0]?.offsets.length === 1,
    );
    // Someone saves the beat elsewhere: the screen's version is now stale.
    const elsewhere = await api.put(`/api/beats/${held.id}/`, {
      data: {
        name: held.name,
        music_canonical_id: id,
        audio_type: held.audio_type,
        done: false,
        type: held.type,
        offsets: [2, 7],
        version: held.version,
      },
      headers: { 'X-CSRFToken': api.csrf },
    });
    expect(elsewhere.status()).toBe(200);
    await typeOffset(4);
    await waitForToast(page, 'This beat was changed by someone else; reload it before saving');
    await eventually(
      () => shownOffsets(page),
      (o) => o.join() === '2,7',
    );
    expect(await shownOffsets(page)).toEqual([2, 7]);
    expect((await fetchBeats(api, id))[0].offsets).toEqual([2, 7]);
    // The next edit builds on the server's beat and saves.
    await typeOffset(4);
    await eventually(
      () => fetchBeats(api, id),
      (b) => b[0].offsets.length === 3,
    );
    expect((await fetchBeats(api, id))[0].offsets).toEqual([2, 4, 7]);
  }, 60_000);

  it('shows the beat image of the segment under the playhead, cycling through the images', async () => {
    const images = (await (await api.get('/api/beatimages/')).json()) as { image: string }[];
    expect(images.length).toBeGreaterThan(1);
    // Original sound, offsets 2, 4, 7: segments 0–2, 2–4, 4–7.
    for (const [timeS, index] of [
      [1, 0],
      [3, 1],
      [5, 2],
    ]) {
      await seekTo(page, timeS);
      await page.locator(`[data-testid="preview"][data-segment-index="${index}"]`).waitFor();
      const src = await page.getByTestId('preview-image').getAttribute('src');
      expect(src).toBe(images[index % images.length].image);
    }
  }, 30_000);

  it('toggles play and pause with Space when focus is not in an input', async () => {
    await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
    await page.keyboard.press('Space');
    await page.getByRole('button', { name: 'Pause', exact: true }).waitFor();
    await page.keyboard.press('Space');
    await page.getByRole('button', { name: 'Play', exact: true }).waitFor();
  }, 30_000);

  it('deletes a beat after the confirm', async () => {
    await beatRow(page, 'shared').getByRole('button', { name: 'delete shared' }).click();
    await page.locator('.ant-popconfirm').getByText('are you sure ?').waitFor();
    await page
      .locator('.ant-popconfirm')
      .getByRole('button', { name: /OK|Yes/ })
      .click();
    await beatRow(page, 'shared').waitFor({ state: 'detached' });
    expect(
      await eventually(
        () => fetchBeats(api, id),
        (b) => b.length === 0,
      ),
    ).toEqual([]);
  }, 30_000);

  it('says the audio has no media instead of drawing a waveform, and holds its lock all the same', async () => {
    await page.goto(`/beats/${noMediaId}/`);
    await page.getByText('This audio has no Media downloaded', { exact: true }).waitFor();
    expect(await page.getByTestId('waveform').count()).toBe(0);
    // Beats can still be typed in, so a second editor must find the audio locked.
    await page
      .getByTestId('lock-state')
      .filter({ hasText: /^editing$/ })
      .waitFor();
    expect(await fetchAudio(api, noMediaId)).toMatchObject({ locked: true, locked_by: admin.username });
    // With no playhead, E marks nothing (it used to add an ending point at 0).
    await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
    await page.keyboard.press('e');
    await page.waitForTimeout(500);
    expect((await fetchAudio(api, noMediaId)).eps).toEqual([]);
    expect(await page.getByTestId('ending-points-table').locator('tr[data-row-key]').count()).toBe(0);
  }, 30_000);

  it('takes the lock when the media fails to load, so beats can still be typed in', async () => {
    await page.route('**/media/**', (route) => route.fulfill({ status: 404, body: '' }));
    try {
      await page.goto(`/beats/${id}/`);
      await page
        .getByTestId('lock-state')
        .filter({ hasText: /^editing$/ })
        .waitFor();
      expect(await fetchAudio(api, id)).toMatchObject({ locked: true, locked_by: admin.username });
      expect(await page.getByLabel('New beat name').isDisabled()).toBe(false);
      // The page says why there is no waveform.
      await page
        .getByTestId('media-failed')
        .getByText('The media file of this audio could not be played; beats can still be typed in')
        .waitFor();
    } finally {
      await page.unroute('**/media/**');
    }
  }, 30_000);

  it('releases a lock granted after the user has already left the audio', async () => {
    await page.goto(`/audios/?q=${encodeURIComponent('Workspace Saves')}`);
    const link = page.locator(`[data-testid="audio-table"] a[href="/beats/${id}/"]`).first();
    await link.waitFor();
    // The lock's answer comes back only once the user has gone back to the list (in the same page).
    await page.route('**/lock/', async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 1500));
      await route.continue();
    });
    try {
      const asked = page.waitForRequest((r) => r.url().endsWith(`/api/audio/${id}/lock/`));
      const answered = page.waitForResponse((r) => r.url().endsWith(`/api/audio/${id}/lock/`));
      await link.click();
      await asked;
      await page.goBack();
      await page.waitForURL('**/audios/**');
      expect((await answered).status()).toBe(200);
      expect(
        await eventually(
          () => fetchAudio(api, id),
          (a) => !a.locked,
        ),
      ).toMatchObject({ locked: false });
    } finally {
      await page.unroute('**/lock/');
    }
  }, 30_000);

  it('asks before the page is reloaded while a save is still on its way', async () => {
    await openWorkspace(page, id);
    await createBeat(page, 'unload', 'unload');
    let putSeen: () => void = () => undefined;
    const inFlight = new Promise<void>((resolve) => (putSeen = resolve));
    await page.route('**/api/beats/*/', async (route) => {
      if (route.request().method() === 'PUT') {
        putSeen();
        await new Promise((resolve) => setTimeout(resolve, 2000));
      }
      // The route may be gone by then (unrouted), and the request with it.
      await route.continue().catch(() => undefined);
    });
    try {
      await page.getByLabel('Add offset (s)').fill('5');
      await page.getByLabel('Add offset (s)').press('Enter');
      await inFlight;
      const dialog = page.waitForEvent('dialog');
      // Dismissed, the reload never comes: its wait ends soon and is settled here, leaving nothing behind.
      const reloading = page.reload({ timeout: 3000 }).catch(() => undefined);
      const asked = await dialog;
      expect(asked.type()).toBe('beforeunload');
      await asked.dismiss();
      await reloading;
    } finally {
      await page.unroute('**/api/beats/*/');
    }
    const saved = await eventually(
      () => fetchBeats(api, id),
      (b) => b.some((x) => x.name === 'unload' && x.offsets.includes(5)),
    );
    expect(saved.find((b) => b.name === 'unload')?.offsets).toEqual([5]);
  }, 60_000);
});
