import type { AudioListItem, Template } from '@curator/shared';
import type { APIRequestContext, Browser, Page } from 'playwright-core';

import {
  chooseOption,
  fetchAllAudios,
  fetchAudios,
  row,
  rowIds,
  waitForIdleWorker,
  waitForTotal,
} from './harness/audio-list-page';
import { dropCalls, holdFirstCall, launchChromium, loginThroughForm, newContext, readingsOf } from './harness/browser';
import { apiSession, createAdminWithCommand } from './harness/session';
import { eventually } from './harness/workspace-page';

const PICK_TAG = 'e2e pick';
/** A quick tag that is on is painted solid red (audio-list.css). */
const RED = 'rgb(255, 77, 79)';
const PLAY_TAG = 'e2e play';

describe('catalog: the audio list in Chromium over the seeded demo catalog', () => {
  let browser: Browser;
  let page: Page;
  let api: APIRequestContext & { csrf: string };
  let all: AudioListItem[];
  let picked: AudioListItem[];
  let reelMin: number;
  const admin = createAdminWithCommand('catalog-admin', 'catalog-password-1');

  async function taggify(id: string, tags: string[]) {
    const res = await api.post(`/api/audio/${id}/taggify/`, { data: { tags }, headers: { 'X-CSRFToken': api.csrf } });
    if (!res.ok()) throw new Error(`taggify ${id}: ${res.status()} ${await res.text()}`);
  }

  async function audioTags(id: string): Promise<string[]> {
    return ((await (await api.get(`/api/audio/${id}/`)).json()) as { tags: string[] }).tags;
  }

  beforeAll(async () => {
    api = await apiSession(admin);
    await waitForIdleWorker(api);
    all = await fetchAllAudios(api);
    // Tag a known mix: only music at or above the reel bound may come back from the filter.
    const reels = all.map((a) => a.reel_count).sort((a, b) => a - b);
    reelMin = Math.max(1, reels[Math.floor(reels.length / 2)]);
    const music = all.filter((a) => !a.is_original_sound);
    const decoys = [
      ...all.filter((a) => a.is_original_sound && a.reel_count >= reelMin).slice(0, 2),
      ...music.filter((a) => a.reel_count < reelMin).slice(0, 2),
    ];
    picked = music.filter((a) => a.reel_count >= reelMin).slice(0, 5);
    for (const audio of [...picked, ...decoys]) await taggify(audio.id, [...audio.tags, PICK_TAG]);
    const touched = new Set([...picked, ...decoys].map((a) => a.id));
    for (const audio of all.filter((a) => a.media && !touched.has(a.id)).slice(-3))
      await taggify(audio.id, [...audio.tags, PLAY_TAG]);
    browser = await launchChromium();
    page = await (await newContext(browser)).newPage();
    await loginThroughForm(page, admin.username, admin.password);
  }, 400_000);

  afterAll(async () => {
    await browser?.close();
    await api?.dispose();
  });

  it('has a catalog of more than one page of playable audios to work with', () => {
    expect(all.length).toBeGreaterThan(100);
    expect(picked.length).toBe(5);
    expect(all.filter((a) => a.media).length).toBeGreaterThan(3);
  });

  it('filters by type, reel count and tag into the URL; reload and back keep it; Clear goes to /audios/', async () => {
    await page.goto('/audios/');
    await waitForTotal(page, all.length);
    await chooseOption(page, 'Audio Type', 'Music');
    await page.getByLabel('Reel count min').fill(String(reelMin));
    await chooseOption(page, 'Manual Tags', PICK_TAG);
    await page.getByRole('button', { name: 'Filter', exact: true }).click();

    await page.waitForURL(/audio_type=music/);
    const params = new URL(page.url()).searchParams;
    expect(params.get('reel_count_min')).toBe(String(reelMin));
    expect(params.getAll('tags')).toEqual([PICK_TAG]);
    expect(params.get('skip')).toBeNull();
    await waitForTotal(page, picked.length);
    expect((await rowIds(page)).sort()).toEqual(picked.map((a) => a.id).sort());
    await page.screenshot({ path: '/tmp/catalog-filtered.png', fullPage: true });

    await page.reload();
    await waitForTotal(page, picked.length);
    expect(await page.getByLabel('Reel count min').inputValue()).toBe(String(reelMin));

    await page.locator('.audio-filters-actions').getByRole('button', { name: 'Clear', exact: true }).click();
    await page.waitForURL((url) => url.pathname === '/audios/' && url.search === '');
    await waitForTotal(page, all.length);
    expect(await page.getByLabel('Reel count min').inputValue()).toBe('');

    await page.goBack();
    await waitForTotal(page, picked.length);
    expect((await rowIds(page)).sort()).toEqual(picked.map((a) => a.id).sort());
  });

  it('sorts by growth in the order the API gives for sort_by=growth', async () => {
    await page.goto('/audios/?sort_dir=asc');
    await waitForTotal(page, all.length);
    await chooseOption(page, 'Sort By', 'Growth');
    await page.getByRole('button', { name: 'Filter', exact: true }).click();
    await page.waitForURL(/sort_by=growth/);
    // The analysis worker still writes the fresh demo catalog's audios: compare the page with the
    // API's order read at the same moment, until both have settled.
    let expected: string[] = [];
    const shown = await eventually(
      async () => {
        expected = (await fetchAudios(api, '?sort_by=growth&sort_dir=asc')).results.map((a) => a.id);
        return rowIds(page);
      },
      (ids) => ids.join() === expected.join(),
      20_000,
    );
    expect(shown).toEqual(expected);
  });

  it('pages by 100 with Prev/Next, showing skip+1 and the Total; skip never below 0', async () => {
    await page.goto('/audios/?skip=-100');
    await waitForTotal(page, all.length);
    const pageNumber = page.getByTestId('page-number').first();
    expect(await pageNumber.innerText()).toBe('1');
    expect(await page.getByRole('button', { name: 'Prev' }).first().isDisabled()).toBe(true);
    expect(await rowIds(page)).toEqual(all.slice(0, 100).map((a) => a.id));

    await page.getByRole('button', { name: 'Next' }).first().click();
    await page.waitForURL(/skip=100/);
    await pageNumber.filter({ hasText: /^101$/ }).waitFor();
    await page.waitForFunction(
      (first) =>
        document.querySelector('[data-testid="audio-table"] tr[data-row-key]')?.getAttribute('data-row-key') === first,
      all[100].id,
    );
    expect(await rowIds(page)).toEqual(all.slice(100, 200).map((a) => a.id));
    await waitForTotal(page, all.length);

    await page.getByRole('button', { name: 'Prev' }).first().click();
    await pageNumber.filter({ hasText: /^1$/ }).waitFor();
    expect(new URL(page.url()).searchParams.get('skip')).toBeNull();
  });

  it('keeps letters typed into a min/max box, says at the box what is wrong, and Filter applies nothing until fixed', async () => {
    await page.goto('/audios/');
    await waitForTotal(page, all.length);
    const box = page.getByLabel('Reel count min');
    await box.fill('12a');
    await page.getByRole('button', { name: 'Filter', exact: true }).click();
    const error = page.locator('.ant-form-item-explain-error', {
      hasText: 'Reel count min: a whole number, 0 or more',
    });
    await error.waitFor();
    expect(await box.inputValue()).toBe('12a');
    await page.waitForTimeout(300);
    expect(new URL(page.url()).search).toBe('');

    await box.fill(String(reelMin));
    await error.waitFor({ state: 'detached' });
    await page.getByRole('button', { name: 'Filter', exact: true }).click();
    await page.waitForURL((url) => url.searchParams.get('reel_count_min') === String(reelMin));
    await waitForTotal(page, all.filter((a) => a.reel_count >= reelMin).length);
  });

  it('says at the box what is wrong with a bound of a hand-edited link, and keeps its text there', async () => {
    await page.goto(`/audios/?reel_count_min=zz&reel_count_max=${reelMin}`);
    await page
      .locator('.ant-form-item-explain-error', { hasText: 'Reel count min: a whole number, 0 or more' })
      .waitFor();
    expect(await page.getByLabel('Reel count min').inputValue()).toBe('zz');
    // The rest of the link applies.
    await waitForTotal(page, all.filter((a) => a.reel_count <= reelMin).length);
  });

  it('has every row of the page in the table, for the row count and for ArrowRight from a row far down', async () => {
    await page.goto('/audios/');
    await waitForTotal(page, all.length);
    await page.waitForFunction(
      (n) => document.querySelectorAll('[data-testid="audio-table"] tr[data-row-key]').length === n,
      100,
    );
    expect(await rowIds(page)).toEqual(all.slice(0, 100).map((a) => a.id));
    // A row far down is drawn cell for cell as the first row is: same columns, classes and alignment.
    const cellsOf = (index: number) =>
      page.evaluate((i) => {
        const tr = document.querySelectorAll('[data-testid="audio-table"] tr[data-row-key]')[i];
        return [
          tr.className,
          ...[...tr.children].map((td) => `${td.className}|${(td as HTMLElement).style.textAlign}`),
        ];
      }, index);
    const headers = await page.locator('[data-testid="audio-table"] thead th').count();
    expect(await cellsOf(99)).toEqual(await cellsOf(0));
    expect((await cellsOf(99)).length - 1).toBe(headers);
    // The players of the rows below the first screenful: the last two with media.
    const withMedia = all.slice(0, 100).filter((a) => a.media);
    const [before, last] = withMedia.slice(-2);
    const player = (id: string) => row(page, id).locator('.row-player');
    await player(before.id).scrollIntoViewIfNeeded();
    await player(before.id).click({ position: { x: 16, y: 15 } });
    await page.waitForFunction(
      (id) => {
        const a = document.querySelector<HTMLAudioElement>(`tr[data-row-key="${id}"] audio`);
        return !!a && !a.paused;
      },
      before.id,
      { timeout: 15_000 },
    );
    await page.keyboard.press('ArrowRight');
    await page.waitForFunction(
      (id) => {
        const a = document.querySelector<HTMLAudioElement>(`tr[data-row-key="${id}"] audio`);
        return !!a && !a.paused;
      },
      last.id,
      { timeout: 15_000 },
    );
    expect(
      await row(page, before.id)
        .locator('audio')
        .evaluate((a: HTMLAudioElement) => a.paused),
    ).toBe(true);
    await row(page, last.id)
      .locator('audio')
      .evaluate((a: HTMLAudioElement) => a.pause());
  });

  it('draws the rows while the filters are built, and no row moves when the form takes its place', async () => {
    // Records the first row's place in every frame from its first appearance until the form is there.
    const watched = await page.context().newPage();
    await watched.addInitScript(() => {
      const frames: { top: number; form: boolean }[] = [];
      (window as unknown as { __rowFrames: typeof frames }).__rowFrames = frames;
      const look = () => {
        const first = document.querySelector('[data-testid="audio-table"] tr[data-row-key]');
        const form = !!document.querySelector('form.audio-filters');
        if (first) frames.push({ top: first.getBoundingClientRect().top, form });
        if (!form || !first) requestAnimationFrame(look);
      };
      requestAnimationFrame(look);
    });
    for (const width of [1400, 1000]) {
      await watched.setViewportSize({ width, height: 900 });
      await watched.goto('/audios/?audio_type=music&reel_count_min=1&sort_dir=asc');
      await watched.waitForSelector('form.audio-filters');
      const frames = await watched.evaluate(
        () => (window as unknown as { __rowFrames: { top: number; form: boolean }[] }).__rowFrames,
      );
      expect(frames.at(-1)?.form).toBe(true);
      expect(new Set(frames.map((f) => f.top))).toEqual(new Set([frames[0].top]));
      await expect(watched.getByLabel('Reel count min').inputValue()).resolves.toBe('1');
    }
    await watched.close();
  });

  it('turns a quick tag red when toggled on, and it stays on after a reload', async () => {
    await page.goto('/audios/');
    await waitForTotal(page, all.length);
    const audio = all.slice(0, 100).find((a) => !a.tags.some((t) => t.toLowerCase() === 'discovery app'))!;
    const button = () => row(page, audio.id).getByRole('button', { name: 'discovery app', exact: true });
    expect(await button().getAttribute('aria-pressed')).toBe('false');
    expect(await button().evaluate((b) => getComputedStyle(b).backgroundColor)).not.toBe(RED);

    await button().click();
    await row(page, audio.id).locator('button.quick-tag-on', { hasText: 'discovery app' }).waitFor();
    for (let i = 0; i < 50 && !(await audioTags(audio.id)).includes('discovery app'); i += 1)
      await page.waitForTimeout(100);
    expect(await audioTags(audio.id)).toContain('discovery app');

    await page.reload();
    await waitForTotal(page, all.length);
    expect(await button().getAttribute('aria-pressed')).toBe('true');
    expect(await button().evaluate((b) => getComputedStyle(b).backgroundColor)).toBe(RED);
    await page.screenshot({ path: '/tmp/catalog-list.png' });
  });

  it('keeps both of two quick tags clicked at once when the first save is slow to reach the server', async () => {
    await page.goto('/audios/');
    await waitForTotal(page, all.length);
    const audio = all.slice(0, 100).find((a) => !a.tags.some((t) => ['bad', 'inside app'].includes(t.toLowerCase())))!;
    // The first tag call is held 800 ms on its way to the server; the click after it must not overtake it.
    const slowFirstCall = await holdFirstCall(page, `/api/audio/${audio.id}/taggify/`, 800);
    try {
      const pressed = async () =>
        Promise.all(
          ['bad', 'inside app'].map((tag) =>
            row(page, audio.id).getByRole('button', { name: tag, exact: true }).getAttribute('aria-pressed'),
          ),
        );
      await row(page, audio.id).getByRole('button', { name: 'bad', exact: true }).click();
      await row(page, audio.id).getByRole('button', { name: 'inside app', exact: true }).click();
      const shown = await readingsOf(async () => (await pressed()).join(','), 40, 50);
      expect(shown.length).toBeGreaterThan(10);
      expect(shown.filter((s) => s !== 'true,true')).toEqual([]);
      expect(await audioTags(audio.id)).toEqual(expect.arrayContaining(['bad', 'inside app']));
    } finally {
      await slowFirstCall.release();
    }
  });

  it('shows the tags the server kept when two quick tag saves in a row are both lost on the way', async () => {
    await page.goto('/audios/');
    await waitForTotal(page, all.length);
    // Not the audio the test before this one tagged: the last of the page's untagged ones.
    const untagged = all
      .slice(0, 100)
      .filter((a) => !a.tags.some((t) => ['bad', 'inside app'].includes(t.toLowerCase())));
    const audio = untagged[untagged.length - 1];
    const kept = await audioTags(audio.id);
    expect(kept).not.toEqual(expect.arrayContaining(['bad']));
    // Each tag call is held 800 ms, then its connection drops: the server never sees either.
    const lostCalls = await dropCalls(page, `/api/audio/${audio.id}/taggify/`, 800);
    try {
      const pressed = async () =>
        (
          await Promise.all(
            ['bad', 'inside app'].map((tag) =>
              row(page, audio.id).getByRole('button', { name: tag, exact: true }).getAttribute('aria-pressed'),
            ),
          )
        ).join(',');
      await row(page, audio.id).getByRole('button', { name: 'bad', exact: true }).click();
      await row(page, audio.id).getByRole('button', { name: 'inside app', exact: true }).click();
      expect(await pressed()).toBe('true,true');
      // Both calls lost (one after the other) and a list read after them: the row shows neither tag, and keeps it.
      await page.waitForTimeout(2500);
      const shown = await readingsOf(pressed, 6, 100);
      expect(shown).toEqual(Array(6).fill('false,false'));
      expect(await audioTags(audio.id)).toEqual(kept);
    } finally {
      await lostCalls.release();
    }
  });

  it('adds a new tag from the tag editor, creating it in the tag list', async () => {
    const text = `e2e fresh ${Date.now() % 100000}`;
    const audio = all[1];
    await page.goto('/audios/');
    await waitForTotal(page, all.length);
    const editor = row(page, audio.id).locator('.tag-editor');
    await editor.click();
    await page.keyboard.type(text);
    await page.keyboard.press('Enter');
    await page.keyboard.press('Escape');
    await editor.locator('.ant-select-selection-item', { hasText: text }).first().waitFor({ state: 'attached' });

    for (let i = 0; i < 50 && !(await audioTags(audio.id)).includes(text); i += 1) await page.waitForTimeout(100);
    expect(await audioTags(audio.id)).toContain(text);
    const tags = (await (await api.get('/api/tags/')).json()) as { text: string; used_count: number }[];
    expect(tags.find((t) => t.text === text)?.used_count).toBe(1);

    await page.reload();
    await waitForTotal(page, all.length);
    expect(await row(page, audio.id).locator('.tag-editor').innerText()).toContain(text.slice(0, 8));
  });

  it('plays a row, moves playback with ArrowRight/ArrowLeft, and one player at a time', async () => {
    await page.goto(`/audios/?tags=${encodeURIComponent(PLAY_TAG)}`);
    await waitForTotal(page, 3);
    const ids = await rowIds(page);
    expect(ids).toHaveLength(3);
    // A row's player is a button that looks like it until first played, then the native player.
    const start = (i: number) =>
      row(page, ids[i])
        .locator('.row-player')
        .click({ position: { x: 16, y: 15 } });
    const state = () =>
      page.evaluate(
        (keys) =>
          keys.map((key) => {
            const a = document.querySelector<HTMLAudioElement>(`tr[data-row-key="${key}"] audio`);
            return { paused: !a || a.paused, t: a?.currentTime ?? 0 };
          }),
        ids,
      );
    const waitPlaying = (index: number, afterS = 0.3) =>
      page.waitForFunction(
        ([key, s]) => {
          const a = document.querySelector<HTMLAudioElement>(`tr[data-row-key="${key}"] audio`);
          return !!a && !a.paused && a.currentTime > s;
        },
        [ids[index], afterS] as const,
        { timeout: 15_000 },
      );

    await start(0);
    await waitPlaying(0);
    await page.keyboard.press('ArrowRight');
    await waitPlaying(1);
    expect((await state())[0].paused).toBe(true);

    await page.keyboard.press('ArrowLeft');
    await waitPlaying(0, 0);
    expect((await state())[1].paused).toBe(true);

    // Typing in the search box must not move playback.
    await page.getByPlaceholder('Search for an audio or artist').focus();
    await page.keyboard.press('ArrowRight');
    await page.waitForTimeout(300);
    const [first, second] = await state();
    expect(first.paused).toBe(false);
    expect(second.paused).toBe(true);

    await start(2);
    await waitPlaying(2);
    expect((await state())[0].paused).toBe(true);
    await row(page, ids[2])
      .locator('audio')
      .evaluate((a: HTMLAudioElement) => a.pause());
  });

  it('moves five options with PageDown and jumps by typed letters in a menu, the letters starting over after 350 ms', async () => {
    await page.goto('/audios/');
    await waitForTotal(page, all.length);
    const menu = page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden)');
    const active = async () => (await menu.locator('.ant-select-item-option-active').allInnerTexts())[0] ?? '';
    await page.getByLabel('Manual Tags', { exact: true }).click();
    await menu.locator('.ant-select-item-option').first().waitFor();
    const labels = await menu.locator('.ant-select-item-option').allInnerTexts();
    expect(labels.length).toBeGreaterThan(6);
    const start = labels.indexOf(await active());
    await page.keyboard.press('PageDown');
    expect(await eventually(active, (text) => text === labels[Math.min(start + 5, labels.length - 1)])).toBe(
      labels[Math.min(start + 5, labels.length - 1)],
    );
    await page.keyboard.press('PageUp');
    expect(await eventually(active, (text) => text === labels[Math.max(start, 0)])).toBe(labels[Math.max(start, 0)]);
    await page.keyboard.press('Escape');

    await page.getByLabel('Trend List', { exact: true }).click();
    await page.keyboard.press('e');
    expect(await eventually(active, (text) => text === 'emerging')).toBe('emerging');
    // "eh", typed at once, starts no option: the active one stays (keys a busy page handles late
    // would otherwise count as two searches 350 ms apart).
    await page.keyboard.press('Escape');
    await page.waitForTimeout(400);
    await page.getByLabel('Trend List', { exact: true }).click();
    await menu.locator('.ant-select-item-option-active').waitFor();
    await page.keyboard.type('eh');
    await page.waitForTimeout(200);
    expect(await active()).toBe('emerging');
    await page.waitForTimeout(400);
    await page.keyboard.press('h');
    expect(await eventually(active, (text) => text === 'hyper')).toBe('hyper');
    await page.keyboard.press('Enter');
    await page.getByRole('button', { name: 'Filter', exact: true }).click();
    await page.waitForURL(/trendlist=hyper/);
  });

  it('follows the templates link on a click made as soon as the pointer reaches it', async () => {
    const audio = all.slice(0, 100).find((a) => a.template_count_available > 0)!;
    await page.goto('/audios/');
    await waitForTotal(page, all.length);
    const box = (await row(page, audio.id).locator('a.templates-link').boundingBox())!;
    // Arrive and press at once, as a quick hand does: before the link's tooltip is due.
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    await page.mouse.down();
    await page.waitForTimeout(60);
    await page.mouse.up();
    await page.waitForURL(/\/templates\/\?/, { timeout: 5000 });
    expect(new URL(page.url()).searchParams.get('music_canonical_id')).toBe(audio.id);

    // Reached from the keyboard, the link shows its tooltip at once and keeps the focus.
    await page.goBack();
    await waitForTotal(page, all.length);
    await page.keyboard.press('Shift');
    await row(page, audio.id).locator('a.templates-link').focus();
    await page.locator('.ant-tooltip:visible').filter({ hasText: 'Templates not approved yet' }).waitFor();
    expect(await page.evaluate(() => document.activeElement?.classList.contains('templates-link'))).toBe(true);
  });

  it('opens the templates list of an audio from its available-templates link', async () => {
    const audio = all.slice(0, 100).find((a) => a.template_count_available > 0)!;
    await page.goto('/audios/');
    await waitForTotal(page, all.length);
    // Each number and the link say what they count.
    const tooltip = (text: string) => page.locator('.ant-tooltip:visible').filter({ hasText: text }).waitFor();
    await row(page, audio.id).locator('.approved-count').hover();
    await tooltip('Done beats and approved templates');
    await row(page, audio.id).locator('.available-count').hover();
    await tooltip('Templates not disapproved that start at a highlight, approved ones included');
    expect(await row(page, audio.id).locator('.available-count').innerText()).toBe(
      String(audio.template_count_available),
    );
    await row(page, audio.id).locator('a.templates-link').hover();
    await tooltip('Templates not approved yet');
    await row(page, audio.id).locator('a.templates-link').click();
    await page.waitForURL(/\/templates\/\?/);
    const url = new URL(page.url());
    expect(url.searchParams.get('music_canonical_id')).toBe(audio.id);
    expect(url.searchParams.get('exclude_approved')).toBe('true');
    const expected = (await (await api.get(`/api/templates/${url.search}`)).json()) as Template[];
    await page.locator('[data-testid="templates-screen"] .ant-table-tbody tr[data-row-key]').first().waitFor();
    expect(await page.locator('[data-testid="templates-screen"] tr[data-row-key]').count()).toBe(expected.length);
    await page.screenshot({ path: '/tmp/catalog-templates.png' });
  });

  it('says the list could not be loaded, with Retry, when the server fails, and shows the rows once Retry is answered', async () => {
    await page.route('**/api/audio/?**', (route) => route.fulfill({ status: 500, body: '{"detail":"boom"}' }));
    try {
      await page.goto('/audios/?q=zz-retry');
      await page.getByTestId('list-load-failed').waitFor();
      expect(await page.getByText('No audios match these filters').count()).toBe(0);
    } finally {
      await page.unroute('**/api/audio/?**');
    }
    await page.goto('/audios/');
    await page.route('**/api/audio/?**', (route) => route.fulfill({ status: 502, body: '' }));
    try {
      await page.getByRole('button', { name: 'Next' }).first().click();
      await page.getByTestId('list-load-failed').waitFor();
    } finally {
      await page.unroute('**/api/audio/?**');
    }
    await page.getByTestId('list-load-failed').getByRole('button', { name: 'Retry' }).click();
    await page.locator('[data-testid="audio-table"] tr[data-row-key]').first().waitFor();
  }, 60_000);
});
