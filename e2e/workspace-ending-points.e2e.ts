import type { APIRequestContext, Browser, Page } from 'playwright-core';

import { launchChromium, loginThroughForm, newContext } from './harness/browser';
import { apiSession, createAdminWithCommand } from './harness/session';
import {
  beatRow,
  createBeat,
  eventually,
  fetchAudio,
  fetchBeats,
  markOffsetAt,
  openWorkspace,
  rowKeys,
  seekTo,
  shownOffsets,
  shownSegments,
  waitForToast,
} from './harness/workspace-page';
import { importCatalog, synthesiseTrackOnce, uniqueAudioId } from './harness/workspace-seed';

describe('workspace: ending points, EPT and original sound in Chromium', () => {
  let browser: Browser;
  let page: Page;
  let api: APIRequestContext & { csrf: string };
  const admin = createAdminWithCommand('ws-eps-admin', 'ws-eps-password-1');
  const musicId = uniqueAudioId('wseps');
  const originalId = uniqueAudioId('wsos');

  const shownEndingPoints = async () => (await rowKeys(page.getByTestId('ending-points-table'))).map(Number);
  /** The audio's ending points as the server has them, once there are `count`. */
  const savedEndingPoints = async (count: number) =>
    (
      await eventually(
        () => fetchAudio(api, musicId),
        (a) => a.eps.length === count,
      )
    ).eps;
  async function typeOffsets(offsets: number[]) {
    for (const offset of offsets) {
      await page.getByLabel('Add offset (s)').fill(String(offset));
      await page.getByLabel('Add offset (s)').press('Enter');
    }
    await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
    await eventually(
      () => shownOffsets(page),
      (o) => o.length === offsets.length,
    );
  }

  beforeAll(async () => {
    const track = synthesiseTrackOnce('ws-120bpm-180s', 180, 120);
    importCatalog([
      {
        music_canonical_id: musicId,
        audio_name: 'Workspace EPs',
        is_original_sound: false,
        media: track.path,
        highlight_start_times_in_ms: [2000],
        eps: [],
      },
      {
        music_canonical_id: originalId,
        audio_name: 'Workspace Original',
        is_original_sound: true,
        media: track.path,
        highlight_start_times_in_ms: [0],
        eps: [],
      },
    ]);
    api = await apiSession(admin);
    browser = await launchChromium();
    page = await (await newContext(browser)).newPage();
    await loginThroughForm(page, admin.username, admin.password);
    await openWorkspace(page, musicId);
  }, 300_000);

  afterAll(async () => {
    await browser?.close();
    await api?.dispose();
  });

  it('adds ending points with E, refusing one closer than the 0.5 s margin, and saves them', async () => {
    for (const t of [10, 10.3, 10.5, 40]) {
      await seekTo(page, t);
      await page.keyboard.press('e');
    }
    await waitForToast(page, 'Ending points must be at least 0.5 s apart');
    await eventually(shownEndingPoints, (p) => p.length === 3);
    expect(await shownEndingPoints()).toEqual([10, 10.5, 40]);
    expect(await savedEndingPoints(3)).toEqual([10, 10.5, 40]);
  }, 60_000);

  it('deletes the selected ending point with Backspace, and undo/redo bring it back and take it away', async () => {
    await page.getByTestId('ending-points-table').locator('tr[data-row-key="10.5"]').click();
    await page.keyboard.press('Backspace');
    await eventually(shownEndingPoints, (p) => p.length === 2);
    expect(await shownEndingPoints()).toEqual([10, 40]);
    await page.keyboard.press('Control+z');
    await eventually(shownEndingPoints, (p) => p.length === 3);
    expect(await savedEndingPoints(3)).toEqual([10, 10.5, 40]);
    await page.keyboard.press('Control+Shift+z');
    await eventually(shownEndingPoints, (p) => p.length === 2);
    expect(await savedEndingPoints(2)).toEqual([10, 40]);
  }, 60_000);

  it('EPT makes {name}_ep#k beats and skips results over 30 s; again it replaces them', async () => {
    await createBeat(page, 'chorus', 'chorus');
    await typeOffsets([3, 4, 5, 6, 8, 9.6]);
    await beatRow(page, 'chorus').getByRole('button', { name: 'EPT', exact: true }).click();
    await beatRow(page, 'chorus_ep#1').waitFor();
    const made = await eventually(
      () => fetchBeats(api, musicId),
      (b) => b.some((x) => x.name === 'chorus_ep#1'),
    );
    // e1 = 10: offsets before 10 − 0.5, then 10. e2 = 40 would run 38 s from the 2 s highlight: dropped.
    expect(made.find((b) => b.name === 'chorus_ep#1')).toMatchObject({
      type: 'ep',
      offsets: [3, 4, 5, 6, 8, 10],
      starting_point_in_ms: 2000,
    });
    expect(made.some((b) => b.name === 'chorus_ep#2')).toBe(false);
    expect(await beatRow(page, 'chorus_ep#1').getByRole('button', { name: 'EPT', exact: true }).count()).toBe(0);
    await beatRow(page, 'chorus').getByText('chorus', { exact: true }).click();
    await beatRow(page, 'chorus').getByRole('button', { name: 'EPT', exact: true }).click();
    await waitForToast(page, 'EPT: 1 of 2 ending points made a beat');
    const again = await fetchBeats(api, musicId);
    expect(again.filter((b) => b.name === 'chorus_ep#1')).toHaveLength(1);
    await page.screenshot({ path: '/tmp/ws-eps.png', fullPage: true });
  }, 60_000);

  it('EPT again after an ending point goes: the ep beat it no longer makes goes too', async () => {
    await seekTo(page, 20);
    await page.keyboard.press('e');
    await eventually(shownEndingPoints, (p) => p.length === 3);
    const runEpt = async () => {
      await beatRow(page, 'chorus').getByText('chorus', { exact: true }).click();
      await beatRow(page, 'chorus').getByRole('button', { name: 'EPT', exact: true }).click();
    };
    await runEpt();
    await waitForToast(page, 'EPT: 2 of 3 ending points made a beat');
    const two = await eventually(
      () => fetchBeats(api, musicId),
      (b) => b.some((x) => x.name === 'chorus_ep#2'),
    );
    expect(two.find((b) => b.name === 'chorus_ep#2')?.offsets).toEqual([3, 4, 5, 6, 8, 9.6, 20]);

    await page.getByTestId('ending-points-table').locator('tr[data-row-key="20"]').click();
    await page.keyboard.press('Backspace');
    await eventually(shownEndingPoints, (p) => p.length === 2);
    await runEpt();
    await waitForToast(page, 'EPT: 1 of 2 ending points made a beat');
    await beatRow(page, 'chorus_ep#2').waitFor({ state: 'detached' });
    const after = await eventually(
      () => fetchBeats(api, musicId),
      (b) => !b.some((x) => x.name === 'chorus_ep#2'),
    );
    expect(after.filter((b) => b.name.startsWith('chorus_ep#')).map((b) => b.name)).toEqual(['chorus_ep#1']);
  }, 60_000);

  it('E selects the ending point it adds: Backspace then takes that point away, not the offset B selected before', async () => {
    await beatRow(page, 'chorus').getByText('chorus', { exact: true }).click();
    const offsetsBefore = (await shownOffsets(page)).length;
    await markOffsetAt(page, 25);
    expect(await shownOffsets(page)).toHaveLength(offsetsBefore + 1);
    await seekTo(page, 30);
    await page.keyboard.press('e');
    await eventually(shownEndingPoints, (p) => p.includes(30));
    await page.keyboard.press('Backspace');
    await eventually(shownEndingPoints, (p) => !p.includes(30));
    expect(await shownEndingPoints()).toEqual([10, 40]);
    expect(await shownOffsets(page)).toHaveLength(offsetsBefore + 1);
    const chorus = await eventually(
      () => fetchBeats(api, musicId),
      (b) => b.find((x) => x.name === 'chorus')?.offsets.length === offsetsBefore + 1,
    );
    expect(chorus.find((x) => x.name === 'chorus')?.offsets).toContain(25);
    expect(await savedEndingPoints(2)).toEqual([10, 40]);
  }, 60_000);

  it('an undone point is no longer selected: Backspace then leaves the redo alone, and the EP Simulator forgets it', async () => {
    const range = page.getByTestId('ep-sim-range');
    await seekTo(page, 33);
    await page.keyboard.press('e');
    await eventually(shownEndingPoints, (p) => p.includes(33));
    await eventually(
      () => range.innerText(),
      (text) => text.includes('34.00'),
    );
    await page.keyboard.press('Control+z');
    await eventually(shownEndingPoints, (p) => !p.includes(33));
    // The range is the first ending point's after the playhead (40, plus 1 s of padding), not the undone 33's.
    await eventually(
      () => range.innerText(),
      (text) => text.includes('41.00'),
    );
    await page.keyboard.press('Backspace');
    await page.keyboard.press('Control+Shift+z');
    await eventually(shownEndingPoints, (p) => p.includes(33));
    expect(await savedEndingPoints(3)).toEqual([10, 33, 40]);
    // The same for an offset B added.
    const offsetsBefore = await shownOffsets(page);
    await markOffsetAt(page, 27);
    await page.keyboard.press('Control+z');
    await eventually(
      () => shownOffsets(page),
      (o) => o.length === offsetsBefore.length,
    );
    await page.keyboard.press('Backspace');
    await page.keyboard.press('Control+Shift+z');
    await eventually(
      () => shownOffsets(page),
      (o) => o.includes(27),
    );
    expect(await shownOffsets(page)).toHaveLength(offsetsBefore.length + 1);
    // The redone offset is selected again: Backspace takes it away, which leaves the beat as the tests after this expect.
    await page.keyboard.press('Backspace');
    await eventually(
      () => shownOffsets(page),
      (o) => !o.includes(27),
    );
    expect(await shownOffsets(page)).toEqual(offsetsBefore);
    await page.getByTestId('ending-points-table').locator('tr[data-row-key="33"]').click();
    await page.keyboard.press('Backspace');
    expect(await savedEndingPoints(2)).toEqual([10, 40]);
  }, 60_000);

  it('undo leaves a beat that EPT has rewritten since the edit as EPT wrote it, and says so', async () => {
    const offsetsOf = async (name: string) => (await fetchBeats(api, musicId)).find((b) => b.name === name)?.offsets;
    // An edit of the ep beat itself...
    await beatRow(page, 'chorus_ep#1').getByText('chorus_ep#1', { exact: true }).click();
    await markOffsetAt(page, 7);
    // ...then one of its source beat, and EPT rewrites the ep beat from it.
    await beatRow(page, 'chorus').getByText('chorus', { exact: true }).click();
    await typeOffsets([...(await shownOffsets(page)), 9]);
    await beatRow(page, 'chorus').getByRole('button', { name: 'EPT', exact: true }).click();
    await eventually(
      () => offsetsOf('chorus_ep#1'),
      (o) => !!o?.includes(9) && !o.includes(7),
    );
    await page.keyboard.press('Control+z');
    await eventually(
      () => offsetsOf('chorus'),
      (o) => !o?.includes(9),
    );
    await page.keyboard.press('Control+z');
    await waitForToast(page, 'Nothing undone: this has changed since that edit');
    await page.waitForTimeout(500);
    expect(await offsetsOf('chorus_ep#1')).toEqual([3, 4, 5, 6, 8, 9, 10]);
  }, 60_000);

  it("two tabs of one editor: the second tab's ending point is not written over by the first, which reads it again", async () => {
    const other = await page.context().newPage();
    await openWorkspace(other, musicId);
    await seekTo(other, 25);
    await other.keyboard.press('e');
    expect(await savedEndingPoints(3)).toEqual([10, 25, 40]);
    // The first tab still shows [10, 40]: its E, made on that list, is refused, and the list is read again.
    await seekTo(page, 30);
    await page.keyboard.press('e');
    await waitForToast(page, 'The ending points were changed elsewhere; reload them before saving');
    await eventually(shownEndingPoints, (p) => p.join() === '10,25,40');
    expect(await savedEndingPoints(3)).toEqual([10, 25, 40]);
    // Made again on the list read, it lands beside the other tab's.
    await page.keyboard.press('e');
    expect(await savedEndingPoints(4)).toEqual([10, 25, 30, 40]);
    await other.close();
  }, 60_000);

  it('keeps the playhead when a read of the audio brings its peaks (its peaks job done since the page opened)', async () => {
    await openWorkspace(page, musicId);
    await seekTo(page, 12);
    // From now on the audio's reads name peaks, as once its peaks job is done.
    const durationS = (await fetchAudio(api, musicId)).duration_s ?? 60;
    const peaks = Array.from({ length: 800 }, (_, i) => Math.round(Math.sin(i / 7) * 100) / 100);
    await page.route('**/e2e-late-peaks.json', (route) =>
      route.fulfill({
        json: {
          version: 1,
          duration_s: durationS,
          sample_rate_hz: 8000,
          channels: 1,
          samples_per_pixel: Math.ceil((durationS * 8000) / peaks.length),
          peaks: [peaks],
          levels: [],
        },
      }),
    );
    await page.route(`**/api/audio/${musicId}/`, async (route) => {
      const answer = await route.fetch();
      await route.fulfill({ response: answer, json: { ...(await answer.json()), peaks_url: '/e2e-late-peaks.json' } });
    });
    // Saved elsewhere meanwhile: this page's E is refused, and the audio is read again, with its peaks.
    const saved = await savedEndingPoints(4);
    const elsewhere = await api.post(`/api/audio/${musicId}/eps/`, {
      data: { ending_points: [5, ...saved], based_on: saved },
      headers: { 'X-CSRFToken': api.csrf },
    });
    expect(elsewhere.status()).toBe(200);
    await page.keyboard.press('e');
    await waitForToast(page, 'The ending points were changed elsewhere; reload them before saving');
    await eventually(shownEndingPoints, (p) => p.join() === [5, ...saved].join());
    await page.keyboard.press('e');
    expect(await savedEndingPoints(6)).toEqual([5, 10, 12, 25, 30, 40]);
    await page.unroute(`**/api/audio/${musicId}/`);
  }, 60_000);

  it('starts original-sound segments at 0 and toasts when EPT has no ending points', async () => {
    await openWorkspace(page, originalId);
    await page.getByTestId('audio-type').filter({ hasText: 'original_sound' }).waitFor();
    await createBeat(page, '', 'beat#1');
    await typeOffsets([1.5, 3]);
    expect(await shownSegments(page)).toEqual([
      [0, 1.5, 1.5],
      [1.5, 3, 1.5],
    ]);
    await beatRow(page, 'beat#1').getByRole('button', { name: 'EPT', exact: true }).click();
    await waitForToast(page, 'There are no EPs for this audio');
  }, 60_000);
});
