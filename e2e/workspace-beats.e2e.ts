import type { Template } from '@curator/shared';
import type { APIRequestContext, Browser, Page } from 'playwright-core';

import { dropCalls, holdFirstCall, launchChromium, loginThroughForm, newContext, readingsOf } from './harness/browser';
import { apiSession, createAdminWithCommand } from './harness/session';
import {
  beatRow,
  createBeat,
  eventually,
  fetchBeats,
  markOffsetAt,
  openWorkspace,
  seekTo,
  shownOffsets,
  shownSegments,
  waitForToast,
} from './harness/workspace-page';
import { importCatalog, synthesiseTrackOnce, uniqueAudioId } from './harness/workspace-seed';

describe('workspace: beats, offsets, segments and templates in Chromium', () => {
  let browser: Browser;
  let page: Page;
  let api: APIRequestContext & { csrf: string };
  const admin = createAdminWithCommand('ws-beats-admin', 'ws-beats-password-1');
  const id = uniqueAudioId('wsbeats');
  const tpl = (k: number) => `${id}-t${k}`;

  async function fetchTemplates(query = ''): Promise<Template[]> {
    return (await (await api.get(`/api/templates/?music_canonical_id=${id}${query}`)).json()) as Template[];
  }
  const templateRow = (k: number) => page.locator(`[data-testid="templates-table"] tr[data-row-key="${tpl(k)}"]`);

  beforeAll(async () => {
    const track = synthesiseTrackOnce('ws-120bpm-180s', 180, 120);
    importCatalog(
      [
        {
          music_canonical_id: id,
          audio_name: 'Workspace Beats',
          is_original_sound: false,
          media: track.path,
          highlight_start_times_in_ms: [4000, 20000],
          duration_ms: 180000,
        },
      ],
      [
        {
          template_clips_media_id: tpl(1),
          music_canonical_id: id,
          code: 'CodeOne1',
          clips_count: 4,
          segments_info: [1000, 1500, 1500, 2250].map((d) => ({ duration_in_ms: d })),
          audio_asset_start_time_in_ms: 4000,
        },
        {
          template_clips_media_id: tpl(2),
          music_canonical_id: id,
          code: 'CodeTwo2',
          clips_count: 7,
          segments_info: [1100, 1500, 1500, 2250].map((d) => ({ duration_in_ms: d })),
          audio_asset_start_time_in_ms: 4000,
        },
        {
          template_clips_media_id: tpl(3),
          music_canonical_id: id,
          code: 'CodeThree3',
          clips_count: 2,
          segments_info: [2000, 2000].map((d) => ({ duration_in_ms: d })),
          audio_asset_start_time_in_ms: 20000,
        },
        {
          template_clips_media_id: tpl(4),
          music_canonical_id: id,
          code: 'CodeFour4',
          clips_count: 3,
          segments_info: [1000].map((d) => ({ duration_in_ms: d })),
          audio_asset_start_time_in_ms: 7000,
        },
      ],
    );
    api = await apiSession(admin);
    browser = await launchChromium();
    const context = await newContext(browser);
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    page = await context.newPage();
    await loginThroughForm(page, admin.username, admin.password);
    await openWorkspace(page, id);
  }, 300_000);

  afterAll(async () => {
    await browser?.close();
    await api?.dispose();
  });

  it('lists the templates started at a highlight, and refuses offsets without a beat', async () => {
    await templateRow(3).waitFor();
    expect(await page.getByTestId('templates-table').locator('tr[data-row-key]').count()).toBe(3);
    await templateRow(4).waitFor({ state: 'detached' });
    await page.keyboard.press('b');
    await waitForToast(page, 'Please select a beat first');
    expect(await page.getByLabel('Add offset (s)').isDisabled()).toBe(true);
  }, 60_000);

  it('creates beat#1, adds offsets with B at three playhead positions and by typing, and saves them', async () => {
    await createBeat(page, '', 'beat#1');
    for (const t of [5, 6.5, 8]) {
      await seekTo(page, t);
      await page.keyboard.press('b');
    }
    await page.getByLabel('Add offset (s)').fill('10.25');
    await page.getByLabel('Add offset (s)').press('Enter');
    await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
    await eventually(
      () => shownOffsets(page),
      (o) => o.length === 4,
    );
    expect(await shownOffsets(page)).toEqual([5, 6.5, 8, 10.25]);
    // Music: the first segment starts at the latest highlight at or before the first offset (4 s).
    expect(await shownSegments(page)).toEqual([
      [4, 5, 1],
      [5, 6.5, 1.5],
      [6.5, 8, 1.5],
      [8, 10.25, 2.25],
    ]);
    expect(await beatRow(page, 'beat#1').getByTestId('offset-count').innerText()).toBe('4');
    const [saved] = await eventually(
      () => fetchBeats(api, id),
      (b) => b[0]?.offsets.length === 4,
    );
    expect(saved).toMatchObject({
      name: 'beat#1',
      type: 'manual',
      done: false,
      offsets: [5, 6.5, 8, 10.25],
      starting_point_in_ms: 4000,
    });
    expect(saved.segments_info).toEqual([1000, 1500, 1500, 2250].map((d) => ({ duration_in_ms: d })));
    await page.screenshot({ path: '/tmp/ws-beats.png', fullPage: true });
  }, 90_000);

  it("moves the playhead with a segment's and a highlight's seek buttons", async () => {
    const playheadIs = (timeS: number) =>
      page.waitForFunction((t) => {
        const input = document.querySelector<HTMLInputElement>('input[data-testid="playhead-input"]');
        return !!input && Math.abs(Number(input.value) - t) < 0.02;
      }, timeS);
    const segments = page.getByTestId('segments-table');
    await segments.getByRole('button', { name: 'seek segment', exact: true }).nth(2).click();
    await playheadIs(6.5);
    const highlights = page.getByTestId('highlights-table');
    await highlights.getByRole('button', { name: 'seek highlight', exact: true }).nth(1).click();
    await playheadIs(20);
    // Every segment row offers play, loop play and seek; every highlight row play and seek.
    expect(await segments.getByRole('button', { name: 'loop segment', exact: true }).count()).toBe(4);
    expect(await highlights.getByRole('button', { name: 'play highlight', exact: true }).count()).toBe(2);
  }, 60_000);

  it('toasts the offset rules: before the first highlight in music, and not a number', async () => {
    await page.getByLabel('Add offset (s)').fill('3.5');
    await page.getByLabel('Add offset (s)').press('Enter');
    await waitForToast(page, 'Offsets cannot be before first highlight in music');
    await page.getByLabel('Add offset (s)').fill('abc');
    await page.getByLabel('Add offset (s)').press('Enter');
    await waitForToast(page, 'Please type a valid offset value');
    expect(await shownOffsets(page)).toEqual([5, 6.5, 8, 10.25]);
  }, 60_000);

  it('flags templates similar to the active beat by the threshold', async () => {
    const flagged = async () =>
      Promise.all([1, 2, 3].map(async (k) => (await templateRow(k).getByTestId('similar-flag').count()) === 1));
    expect(await flagged()).toEqual([true, true, false]);
    // tmpl 2 is about 95.7 % alike: out at 96, back in at 95.
    await page.getByLabel('Similarity treshhold %').fill('96');
    await eventually(flagged, (f) => !f[1]);
    expect(await flagged()).toEqual([true, false, false]);
    await page.getByLabel('Similarity treshhold %').fill('95');
    await eventually(flagged, (f) => f[1]);
    expect(await flagged()).toEqual([true, true, false]);
  }, 60_000);

  it('selecting a template shows its boundaries, clears the beat and disables delete', async () => {
    await templateRow(3).click();
    await eventually(
      () => shownOffsets(page),
      (o) => o[0] === 20,
    );
    expect(await shownOffsets(page)).toEqual([20, 22, 24]);
    expect(await beatRow(page, 'beat#1').evaluate((tr) => tr.classList.contains('row-active'))).toBe(false);
    const deletes = page.getByTestId('offsets-table').getByRole('button', { name: 'delete offset' });
    for (const button of await deletes.all()) expect(await button.isDisabled()).toBe(true);
    expect(await page.getByLabel('Add offset (s)').isDisabled()).toBe(true);
  }, 60_000);

  it('clones a template into "beat#2 copy of tmpl#m" and selects it', async () => {
    const index = Number((await templateRow(3).locator('.template-index').innerText()).replace('tmpl#', ''));
    const sent = page.waitForRequest((r) => r.method() === 'POST' && new URL(r.url()).pathname === '/api/beats/');
    await templateRow(3)
      .getByRole('button', { name: `clone tmpl#${index}` })
      .click();
    // The create call carries what a clone sends: offsets, segments and the start.
    expect((await sent).postDataJSON()).toMatchObject({
      offsets: [22, 24],
      segments_info: [{ duration_in_ms: 2000 }, { duration_in_ms: 2000 }],
      starting_point_in_ms: 20000,
      audio_asset_start_time_in_ms: 20000,
    });
    const name = `beat#2 copy of tmpl#${index}`;
    await beatRow(page, name).and(page.locator('.row-active')).waitFor();
    expect(await shownOffsets(page)).toEqual([22, 24]);
    const clone = (await fetchBeats(api, id)).find((b) => b.name === name);
    expect(clone).toMatchObject({ offsets: [22, 24], starting_point_in_ms: 20000 });
  }, 60_000);

  it('copies the template code JSON to the clipboard', async () => {
    const index = Number((await templateRow(1).locator('.template-index').innerText()).replace('tmpl#', ''));
    await templateRow(1)
      .getByRole('button', { name: `copy code tmpl#${index}` })
      .click();
    await waitForToast(page, 'Template code copied');
    const code = JSON.parse(await page.evaluate(() => navigator.clipboard.readText()));
    expect(code).toEqual({
      audio_id: `a${id}`,
      audio_type: 'music',
      audio_name: 'Workspace Beats',
      audio_artist_name: 'E2E Artist',
      audio_canonical_id: id,
      music_canonical_id: id,
      segments_info: [1000, 1500, 1500, 2250].map((d) => ({ duration_in_ms: d })),
      audio_asset_start_time_in_ms: 4000,
      template_clips_media_id: tpl(1),
      segments_count: 4,
      segments_length_ms: 6250,
    });
  }, 60_000);

  it('approves and unapproves a template, and delete disapproves it and takes it off the list', async () => {
    const approval = async (k: number) =>
      (await fetchTemplates()).find((t) => t.template_info.template_clips_media_id === tpl(k))?.template_meta.approved;
    const checkbox = templateRow(2).getByRole('checkbox');
    await checkbox.check();
    expect(
      await eventually(
        () => approval(2),
        (a) => a === true,
      ),
    ).toBe(true);
    await checkbox.uncheck();
    expect(
      await eventually(
        () => approval(2),
        (a) => a === null,
      ),
    ).toBeNull();
    const index = Number((await templateRow(2).locator('.template-index').innerText()).replace('tmpl#', ''));
    await templateRow(2)
      .getByRole('button', { name: `delete tmpl#${index}` })
      .click();
    await templateRow(2).waitFor({ state: 'detached' });
    expect(await approval(2)).toBe(false);
    expect(
      (await fetchTemplates('&exclude_disapproved=true')).map((t) => t.template_info.template_clips_media_id),
    ).not.toContain(tpl(2));
  }, 60_000);

  it('keeps a quick second click on the approval checkbox shown while template lists arrive slowly', async () => {
    // Template lists are read from the server at once and handed to the page 800 ms later: a list read between
    // the two clicks arrives after the second.
    const isTemplateList = (url: URL) => url.pathname === '/api/templates/';
    await page.route(isTemplateList, async (route) => {
      const response = await route.fetch();
      await new Promise((resolve) => setTimeout(resolve, 800));
      await route.fulfill({ response }).catch(() => undefined);
    });
    try {
      const checkbox = templateRow(1).getByRole('checkbox');
      await checkbox.check();
      await eventually(
        async () => (await fetchTemplates()).find((t) => t.template_info.template_clips_media_id === tpl(1)),
        (t) => t?.template_meta.approved === true,
      );
      await checkbox.uncheck();
      const shown = await readingsOf(() => checkbox.isChecked(), 40, 50);
      expect(shown.length).toBeGreaterThan(10);
      expect(shown.filter(Boolean)).toEqual([]);
      const saved = (await fetchTemplates()).find((t) => t.template_info.template_clips_media_id === tpl(1));
      expect(saved?.template_meta.approved).toBeNull();
    } finally {
      await page.unroute(isTemplateList);
    }
  }, 60_000);

  /** Checks template k's unchecked approval box and at once unchecks it; the box shows each click as it is made. */
  async function checkThenUncheck(k: number) {
    const checkbox = templateRow(k).getByRole('checkbox');
    expect(await checkbox.isChecked()).toBe(false);
    await checkbox.click();
    await checkbox.click();
    expect(await checkbox.isChecked()).toBe(false);
    return checkbox;
  }
  const savedApproval = async (k: number) =>
    (await fetchTemplates()).find((t) => t.template_info.template_clips_media_id === tpl(k))?.template_meta.approved;

  it('saves approval clicks in the order they were made when an earlier one is slow to reach the server', async () => {
    // The first approval call is held 800 ms on its way to the server; the click after it must not overtake it.
    const slowFirstCall = await holdFirstCall(page, '/api/template-toggle-approval/', 800);
    try {
      const checkbox = await checkThenUncheck(1);
      await page.waitForTimeout(1500);
      expect(await savedApproval(1)).toBeNull();
      expect(await checkbox.isChecked()).toBe(false);
    } finally {
      await slowFirstCall.release();
    }
  }, 60_000);

  it('shows the approval the server kept when two approval clicks in a row are both lost on the way', async () => {
    // Each approval call is held 800 ms, then its connection drops: the server never sees either.
    const lostCalls = await dropCalls(page, '/api/template-toggle-approval/', 800);
    try {
      const checkbox = await checkThenUncheck(1);
      // Both calls lost (one after the other): the box shows the server's approval, and keeps it.
      await page.waitForTimeout(2500);
      const shown = await readingsOf(() => checkbox.isChecked(), 6, 100);
      expect(shown).toEqual(Array(6).fill(false));
      expect(await savedApproval(1)).toBeNull();
    } finally {
      await lostCalls.release();
    }
  }, 60_000);

  it('renames by double-click with confirm and cancel, and undoes and redoes renames and offsets', async () => {
    await beatRow(page, 'beat#1').getByText('beat#1', { exact: true }).dblclick();
    await page.getByLabel('Beat name', { exact: true }).fill('ignored');
    await page.getByRole('button', { name: 'Cancel rename' }).click();
    await beatRow(page, 'beat#1').waitFor();
    await beatRow(page, 'beat#1').getByText('beat#1', { exact: true }).dblclick();
    // A blank name is refused where it is typed, as the server would refuse it: the editor stays open.
    await page.getByLabel('Beat name', { exact: true }).fill('   ');
    await page.getByRole('button', { name: 'Confirm name' }).click();
    await waitForToast(page, 'This field may not be blank');
    expect(await page.getByLabel('Beat name', { exact: true }).isVisible()).toBe(true);
    await page.getByLabel('Beat name', { exact: true }).fill('verse');
    await page.getByRole('button', { name: 'Confirm name' }).click();
    await beatRow(page, 'verse').waitFor();
    await eventually(
      () => fetchBeats(api, id),
      (b) => b.some((x) => x.name === 'verse'),
    );

    await beatRow(page, 'verse').getByText('verse', { exact: true }).click();
    await markOffsetAt(page, 12);
    await page.keyboard.press('Control+z');
    await eventually(
      () => shownOffsets(page),
      (o) => !o.includes(12),
    );
    expect(await shownOffsets(page)).toEqual([5, 6.5, 8, 10.25]);
    await page.keyboard.press('Control+z');
    await beatRow(page, 'beat#1').waitFor();
    await page.keyboard.press('Control+Shift+z');
    await beatRow(page, 'verse').waitFor();
    await page.keyboard.press('Control+Shift+z');
    await eventually(
      () => shownOffsets(page),
      (o) => o.includes(12),
    );
    const verse = await eventually(
      () => fetchBeats(api, id),
      (b) => b.some((x) => x.name === 'verse' && x.offsets.includes(12)),
    );
    expect(verse.find((b) => b.name === 'verse')?.offsets).toEqual([5, 6.5, 8, 10.25, 12]);
  }, 90_000);

  it('selects an offset row and deletes it with Backspace; the done checkbox saves', async () => {
    await page.getByTestId('offsets-table').locator('tr[data-row-key="6.5"]').click();
    await page.keyboard.press('Backspace');
    await eventually(
      () => shownOffsets(page),
      (o) => !o.includes(6.5),
    );
    // The tick shows once the save has been queued behind the offset delete; wait for it as a user would.
    const done = beatRow(page, 'verse').getByRole('checkbox');
    await done.click();
    await eventually(
      () => done.isChecked(),
      (checked) => checked,
    );
    const beats = await eventually(
      () => fetchBeats(api, id),
      (b) => b.some((x) => x.name === 'verse' && x.done && !x.offsets.includes(6.5)),
    );
    expect(beats.find((b) => b.name === 'verse')).toMatchObject({ done: true, offsets: [5, 8, 10.25, 12] });
    // Space right after the click plays, as it does after any other click: it does not tick the box off again.
    await page.keyboard.press('Space');
    await page.getByRole('button', { name: 'Pause', exact: true }).waitFor();
    await page.keyboard.press('Space');
    await page.getByRole('button', { name: 'Play', exact: true }).waitFor();
    expect(await done.isChecked()).toBe(true);
    expect((await fetchBeats(api, id)).find((b) => b.name === 'verse')?.done).toBe(true);
  }, 60_000);

  it('names a blank-named beat and a clone past the names a deletion left taken: no two beats share a name', async () => {
    const deleteBeat = async (name: string) => {
      await beatRow(page, name)
        .getByRole('button', { name: `delete ${name}` })
        .click();
      await page
        .locator('.ant-popconfirm')
        .getByRole('button', { name: /OK|Yes/ })
        .click();
      await beatRow(page, name).waitFor({ state: 'detached' });
    };
    const count = (await fetchBeats(api, id)).length;
    await createBeat(page, '', `beat#${count + 1}`);
    await createBeat(page, '', `beat#${count + 2}`);
    await deleteBeat(`beat#${count + 1}`);
    // count + 1 beats now, and beat#{count + 2} is still there: the next is beat#{count + 3}.
    await createBeat(page, '', `beat#${count + 3}`);

    const index = Number((await templateRow(3).locator('.template-index').innerText()).replace('tmpl#', ''));
    const cloneOf = (n: number) => `beat#${n} copy of tmpl#${index}`;
    await templateRow(3)
      .getByRole('button', { name: `clone tmpl#${index}` })
      .click();
    await beatRow(page, cloneOf(count + 3)).waitFor();
    await deleteBeat(`beat#${count + 3}`);
    await templateRow(3)
      .getByRole('button', { name: `clone tmpl#${index}` })
      .click();
    await beatRow(page, cloneOf(count + 4)).waitFor();

    const names = (
      await eventually(
        () => fetchBeats(api, id),
        (b) => b.some((x) => x.name === cloneOf(count + 4)),
      )
    ).map((b) => b.name);
    expect(new Set(names).size).toBe(names.length);
  }, 90_000);

  /** After a double-click: exactly one beat more than `countBefore` (a second would come within a second), no name twice. */
  async function expectOneBeatMore(countBefore: number) {
    const after = await eventually(
      () => fetchBeats(api, id),
      (b) => b.length > countBefore,
    );
    expect(after.length).toBe(countBefore + 1);
    await page.waitForTimeout(1000);
    const names = (await fetchBeats(api, id)).map((b) => b.name);
    expect(names).toHaveLength(countBefore + 1);
    expect(new Set(names).size).toBe(names.length);
  }

  it('makes one beat for a double-click on Create, and keeps a refused name in the box to be mended', async () => {
    const before = await fetchBeats(api, id);
    await page.getByLabel('New beat name').fill('');
    await page.getByRole('button', { name: /^(plus )?Create$/ }).dblclick();
    await expectOneBeatMore(before.length);

    const long = 'x'.repeat(201);
    await page.getByLabel('New beat name').fill(long);
    await page.getByLabel('New beat name').press('Enter');
    await waitForToast(page, 'Ensure this field has no more than 200 characters');
    expect(await page.getByLabel('New beat name').inputValue()).toBe(long);
    expect(await fetchBeats(api, id)).toHaveLength(before.length + 1);
  }, 60_000);

  it("makes one clone for a double-click on a template's clone button", async () => {
    const before = await fetchBeats(api, id);
    const index = Number((await templateRow(3).locator('.template-index').innerText()).replace('tmpl#', ''));
    await templateRow(3)
      .getByRole('button', { name: `clone tmpl#${index}` })
      .dblclick();
    await expectOneBeatMore(before.length);
  }, 60_000);
});
