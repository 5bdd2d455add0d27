import type { APIRequestContext, Browser, Page } from 'playwright-core';

import { launchChromium, loginThroughForm, navLink, newContext } from './harness/browser';
import { apiSession, createAdminWithCommand, type Credentials } from './harness/session';
import { eventually, fetchAudio, openWorkspace, waitForToast } from './harness/workspace-page';
import { importCatalog, synthesiseTrackOnce, uniqueAudioId } from './harness/workspace-seed';

describe('workspace: the audio lock between two users in Chromium', () => {
  let browser: Browser;
  let alicePage: Page;
  let bobPage: Page;
  let aliceApi: APIRequestContext & { csrf: string };
  let bobApi: APIRequestContext & { csrf: string };
  const alice = createAdminWithCommand('ws-lock-alice', 'ws-lock-password-1');
  const bob = createAdminWithCommand('ws-lock-bob', 'ws-lock-password-2');
  const id = uniqueAudioId('wslock');

  async function openAs(user: Credentials): Promise<Page> {
    const page = await (await newContext(browser)).newPage();
    await loginThroughForm(page, user.username, user.password);
    return page;
  }
  const saveEndingPoints = (api: APIRequestContext & { csrf: string }, points: number[]) =>
    api.post(`/api/audio/${id}/eps/`, { data: { ending_points: points }, headers: { 'X-CSRFToken': api.csrf } });

  beforeAll(async () => {
    const track = synthesiseTrackOnce('ws-120bpm-180s', 180, 120);
    importCatalog([
      {
        music_canonical_id: id,
        audio_name: 'Workspace Lock',
        is_original_sound: false,
        media: track.path,
        highlight_start_times_in_ms: [1000],
        eps: [],
      },
    ]);
    [aliceApi, bobApi] = await Promise.all([apiSession(alice), apiSession(bob)]);
    browser = await launchChromium();
    [alicePage, bobPage] = await Promise.all([openAs(alice), openAs(bob)]);
  }, 300_000);

  afterAll(async () => {
    await browser?.close();
    await aliceApi?.dispose();
    await bobApi?.dispose();
  });

  it('takes the lock when the waveform is ready; the second user sees Locked by and is read-only', async () => {
    await openWorkspace(alicePage, id);
    await alicePage.getByTestId('lock-state').filter({ hasText: 'editing' }).waitFor();
    expect(await fetchAudio(bobApi, id)).toMatchObject({ locked: true, locked_by: alice.username });

    await openWorkspace(bobPage, id);
    await bobPage
      .getByTestId('lock-state')
      .filter({ hasText: `Locked by ${alice.username}` })
      .waitFor();
    await bobPage.locator('[data-testid="workspace"][data-read-only="true"]').waitFor();
    expect(await bobPage.getByLabel('New beat name').isDisabled()).toBe(true);
    // Keys that write are refused on screen too.
    await bobPage.keyboard.press('e');
    await waitForToast(bobPage, `Locked by ${alice.username}`);
    await bobPage.screenshot({ path: '/tmp/ws-locked.png', fullPage: true });
  }, 90_000);

  it("refuses the second user's writes on the server with 423 while the first holds the lock", async () => {
    const refused = await saveEndingPoints(bobApi, [5]);
    expect(refused.status()).toBe(423);
    expect(await refused.json()).toEqual({ detail: `Locked by ${alice.username}` });
    const beat = await bobApi.post('/api/beats/', {
      data: { name: 'sneaky', music_canonical_id: id, audio_type: 'music', done: false },
      headers: { 'X-CSRFToken': bobApi.csrf },
    });
    expect(beat.status()).toBe(423);
    expect((await fetchAudio(aliceApi, id)).eps).toEqual([]);
  }, 60_000);

  it('the read-only screen shows what the lock holder saves, within a lock refresh', async () => {
    expect((await saveEndingPoints(aliceApi, [12])).status()).toBe(200);
    const created = await aliceApi.post('/api/beats/', {
      data: { name: 'alice-beat', music_canonical_id: id, audio_type: 'music', done: false },
      headers: { 'X-CSRFToken': aliceApi.csrf },
    });
    expect(created.status()).toBe(201);
    await bobPage.getByTestId('ending-points-table').locator('tr[data-row-key="12"]').waitFor({ timeout: 25_000 });
    await bobPage.getByTestId('beats-table').getByText('alice-beat', { exact: true }).waitFor({ timeout: 5_000 });
    await bobPage.locator('[data-testid="workspace"][data-read-only="true"]').waitFor();
  }, 60_000);

  it('Unlock takes the lock over and shows what the first user saved meanwhile; the first turns read-only', async () => {
    // Saved while the second user's screen was open: it must not be written over with the list that screen read.
    expect((await saveEndingPoints(aliceApi, [20])).status()).toBe(200);
    // Just after the first user's editor refreshed its lock: its next refresh is 10 s away.
    await alicePage.waitForResponse((r) => r.url().endsWith(`/api/audio/${id}/lock/`));
    await bobPage.getByRole('button', { name: 'Unlock', exact: true }).click();
    await bobPage.getByTestId('lock-state').filter({ hasText: 'editing' }).waitFor();
    await bobPage.locator('[data-testid="workspace"][data-read-only="false"]').waitFor();
    await bobPage.getByTestId('ending-points-table').locator('tr[data-row-key="20"]').waitFor();
    expect(await fetchAudio(aliceApi, id)).toMatchObject({ locked: true, locked_by: bob.username });
    expect((await saveEndingPoints(bobApi, [5])).status()).toBe(200);
    expect((await saveEndingPoints(aliceApi, [6])).status()).toBe(423);
    // The first user's editor still says 'editing' (it learns at its next refresh), and E there is refused by the
    // server: that refusal tells it at once who holds the audio now, well before the refresh.
    const refusedAt = Date.now();
    await alicePage.keyboard.press('e');
    await waitForToast(alicePage, `Locked by ${bob.username}`);
    await alicePage
      .getByTestId('lock-state')
      .filter({ hasText: `Locked by ${bob.username}` })
      .waitFor({ timeout: 15_000 });
    expect(Date.now() - refusedAt).toBeLessThan(5_000);
    await alicePage.locator('[data-testid="workspace"][data-read-only="true"]').waitFor();
  }, 60_000);

  it('releases the lock on leaving the workspace', async () => {
    // The first user's editor would take a free lock at its next refresh: it leaves first.
    await alicePage.close();
    await navLink(bobPage, 'Audios').click();
    await bobPage.waitForURL('**/audios/**');
    const audio = await eventually(
      () => fetchAudio(aliceApi, id),
      (a) => !a.locked,
    );
    expect(audio).toMatchObject({ locked: false, locked_by: null });
  }, 60_000);

  it('says once that an audio does not exist: the page and one toast, not a toast per request', async () => {
    await bobPage.goto('/beats/000000000000000000000000/');
    await bobPage.getByRole('heading', { name: 'Audio not found' }).waitFor();
    // The screen asks for the audio at its start and again when its view mounts on the failed answer.
    await bobPage.waitForLoadState('networkidle');
    const toasts = bobPage.getByTestId('toast');
    expect(await toasts.count()).toBe(1);
    expect(await toasts.first().textContent()).toContain('Audio not found');
  }, 60_000);

  it('says an audio could not be loaded, with Retry, when the server fails, and shows it once Retry gets an answer', async () => {
    await bobPage.route(`**/api/audio/${id}/`, (route) => route.fulfill({ status: 500, body: '{"detail":"boom"}' }));
    try {
      await bobPage.goto(`/beats/${id}/`);
      await bobPage.getByRole('heading', { name: 'The audio could not be loaded' }).waitFor();
      expect(await bobPage.getByRole('heading', { name: 'Audio not found' }).count()).toBe(0);
    } finally {
      await bobPage.unroute(`**/api/audio/${id}/`);
    }
    await bobPage.getByRole('button', { name: 'Retry', exact: true }).click();
    await bobPage.getByTestId('lock-state').waitFor();
  }, 60_000);

  it('keeps the audio locked when one of two tabs editing it closes: the other takes the lock again at once', async () => {
    await openWorkspace(bobPage, id);
    await bobPage.getByTestId('lock-state').filter({ hasText: 'editing' }).waitFor();
    const second = await bobPage.context().newPage();
    await openWorkspace(second, id);
    await second.getByTestId('lock-state').filter({ hasText: 'editing' }).waitFor();
    await second.close({ runBeforeUnload: true });
    // The closing tab's release is answered by the other tab's new lock well before its 10-s refresh.
    await bobPage.waitForTimeout(2000);
    expect(await fetchAudio(aliceApi, id)).toMatchObject({ locked: true, locked_by: bob.username });
  }, 60_000);
});
