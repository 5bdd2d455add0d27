import type {
  AudioUsageRow,
  HlPoint,
  Metric,
  SegmentStatsRow,
  TemplateCount,
  TemplatesFromReels,
} from '@curator/shared';
import { selectVisibleSegmentStats } from '@curator/shared/domain';
import type { APIRequestContext, Browser, Page } from 'playwright-core';

import { holdFirstCall, launchChromium, loginThroughForm, newContext } from './harness/browser';
import { apiSession, createAdminWithCommand } from './harness/session';
import { waitForToast } from './harness/workspace-page';

const DAY_MS = 86_400_000;
// The product's texts (docs/screens.md), written out here so the test checks them independently of the app's constants.
const DEFAULT_HL_POINT_LABEL = 'DEFAULT HL Point';
const formatTemplatesFromSheet = (n: number, discarded: number) =>
  `Templates From Sheet: ${n}, Discarded due to HL: ${discarded}`;
const formatApprovedCounts = (all: number, beats: number, templates: number) =>
  `Approved All: ${all}, Approved Beats: ${beats}, Approved Templates: ${templates}`;

async function getJson<T>(api: APIRequestContext, url: string): Promise<T> {
  const started = Date.now();
  const res = await api.get(url, { timeout: 90_000 });
  if (Date.now() - started > 5000) console.log(`slow: GET ${url} took ${Date.now() - started} ms`);
  if (!res.ok()) throw new Error(`GET ${url}: ${res.status()} ${await res.text()}`);
  return (await res.json()) as T;
}

/** Cell texts of every body row of the table inside `testId`, top to bottom. */
async function tableRows(page: Page, testId: string): Promise<string[][]> {
  return page
    .locator(`[data-testid="${testId}"] tbody tr.ant-table-row`)
    .evaluateAll((rows) =>
      rows.map((r) => Array.from(r.querySelectorAll('td')).map((td) => (td.textContent ?? '').trim())),
    );
}

/** Waits until the table shows `count` rows whose first cells are `firstCells` (when given), then reads it. */
async function waitForRows(page: Page, testId: string, count: number, firstCells?: string[]): Promise<string[][]> {
  await page.waitForFunction(
    ([id, n, cells]) => {
      const rows = Array.from(document.querySelectorAll(`[data-testid="${id}"] tbody tr.ant-table-row`));
      return (
        rows.length === n &&
        (!cells || rows.every((r, i) => (r.querySelector('td')?.textContent ?? '').trim() === cells[i]))
      );
    },
    [testId, count, firstCells ?? null] as const,
    { timeout: 60_000 },
  );
  return tableRows(page, testId);
}

const dayText = (ms: number) => new Date(ms).toISOString().slice(0, 10);

describe('reports: audio usage, segments, HL points and metrics in Chromium', () => {
  let browser: Browser;
  let page: Page;
  let api: APIRequestContext & { csrf: string };
  const admin = createAdminWithCommand('reports-admin', 'reports-password-1');

  beforeAll(async () => {
    api = await apiSession(admin);
    browser = await launchChromium();
    page = await (await newContext(browser)).newPage();
    await loginThroughForm(page, admin.username, admin.password);
  }, 400_000);

  afterAll(async () => {
    await browser?.close();
    await api?.dispose();
  });

  it('/audio-usage/ lists reels per audio, filters by a taken-at window, pages by 100 and clears', async () => {
    const all = await getJson<AudioUsageRow[]>(api, '/api/audio-usage/');
    expect(all.length).toBe(100);
    await page.goto('/audio-usage/');
    const rows = await waitForRows(
      page,
      'usage-table',
      all.length,
      all.map((u) => u.audio_name),
    );
    expect(rows.map((r) => [r[0], r[1], Number(r[2])])).toEqual(
      all.map((u) => [u.audio_name, u.artist_name, u.usage_count]),
    );
    await page.screenshot({ path: '/tmp/reports-audio-usage.png', fullPage: false });

    await page.getByRole('button', { name: 'Next' }).first().click();
    await page.waitForURL('**/audio-usage/?skip=100');
    await page.getByTestId('page-number').first().filter({ hasText: /^101$/ }).waitFor();
    const second = await getJson<AudioUsageRow[]>(api, '/api/audio-usage/?skip=100');
    expect(
      (
        await waitForRows(
          page,
          'usage-table',
          second.length,
          second.map((u) => u.audio_name),
        )
      ).map((r) => r[0]),
    ).toEqual(second.map((u) => u.audio_name));

    const to = Date.now();
    const from = to - 5 * DAY_MS;
    await page.getByLabel('Taken at from').fill(dayText(from));
    await page.getByLabel('Taken at to').fill(dayText(to));
    await page.getByRole('button', { name: 'Filter' }).click();
    await page.waitForURL(`**/audio-usage/?from=${dayText(from)}&to=${dayText(to)}`);
    const fromIso = new Date(`${dayText(from)}T00:00:00`).toISOString();
    const toIso = new Date(`${dayText(to)}T23:59:59.999`).toISOString();
    const windowed = await getJson<AudioUsageRow[]>(
      api,
      `/api/audio-usage/?taken_at_from=${fromIso}&taken_at_to=${toIso}`,
    );
    expect(windowed.length).toBeGreaterThan(0);
    const shown = await waitForRows(
      page,
      'usage-table',
      windowed.length,
      windowed.map((u) => u.audio_name),
    );
    expect(shown.map((r) => [r[0], Number(r[2])])).toEqual(windowed.map((u) => [u.audio_name, u.usage_count]));
    expect(windowed[0].usage_count).toBeLessThanOrEqual(all[0].usage_count);

    await page.getByRole('button', { name: 'Clear' }).click();
    await page.waitForURL((url) => url.pathname === '/audio-usage/' && url.search === '');
    await page.waitForFunction(
      () => (document.querySelector('input[aria-label="Taken at from"]') as HTMLInputElement | null)?.value === '',
    );
    await waitForRows(
      page,
      'usage-table',
      all.length,
      all.map((u) => u.audio_name),
    );
  }, 120_000);

  it("/audio-usage/ keeps both of two tags typed at once into a row's tag editor, the first save slow to arrive", async () => {
    const [first] = await getJson<AudioUsageRow[]>(api, '/api/audio-usage/');
    await page.goto('/audio-usage/');
    const editor = page.locator(`[data-testid="usage-table"] tr[data-row-key="${first.id}"] .tag-editor`);
    await editor.waitFor();
    const shownTags = () => editor.locator('.ant-select-selection-item-content').allTextContents();
    const typed = [0, 1].map((k) => `u${Date.now() % 100000}${'ab'[k]}`);
    // The first tag call is held 800 ms on its way to the server; the second tag is typed meanwhile.
    const slowFirstCall = await holdFirstCall(page, `/api/audio/${first.id}/taggify/`, 800);
    try {
      await editor.click();
      for (const tag of typed) {
        await page.keyboard.type(tag);
        await page.keyboard.press('Enter');
      }
      await page.keyboard.press('Escape');
      expect(await shownTags()).toEqual(expect.arrayContaining(typed));
      await page.waitForTimeout(2000);
      const saved = await getJson<{ tags: string[] }>(api, `/api/audio/${first.id}/`);
      expect(saved.tags).toEqual(expect.arrayContaining(typed));
      expect(await shownTags()).toEqual(expect.arrayContaining(typed));
    } finally {
      await slowFirstCall.release();
    }
  }, 60_000);

  it('/segments/ shows the two header lines and the per-segment-count table for each switch position and filter', async () => {
    const fromReels = await getJson<TemplatesFromReels>(api, '/api/templates/from_reels/');
    const counts = await getJson<TemplateCount>(api, '/api/templates/count/');
    const stats = await getJson<SegmentStatsRow[]>(api, '/api/segment/stats/');
    await page.goto('/segments/');
    await page
      .getByTestId('templates-from-sheet')
      .filter({ hasText: formatTemplatesFromSheet(fromReels.count, fromReels.count_discarded_hl_start) })
      .waitFor();
    await page
      .getByTestId('approved-counts')
      .filter({ hasText: formatApprovedCounts(counts.approved, counts.beats_done, counts.templates_approved) })
      .waitFor();
    const numbers = (rows: string[][]) => rows.map((r) => r.map(Number));

    const available = selectVisibleSegmentStats(stats, 'available');
    expect(available.length).toBeGreaterThan(3);
    expect(
      numbers(
        await waitForRows(
          page,
          'segments-table',
          available.length,
          available.map((r) => String(r._id)),
        ),
      ),
    ).toEqual(
      available.map((s) => [
        s._id,
        s.total_available,
        s.total_available_trending,
        s.total_available_hyper,
        s.total_available_emerging,
      ]),
    );
    await page.screenshot({ path: '/tmp/reports-segments.png', fullPage: true });

    await page.getByText('Approved', { exact: true }).click();
    await page.waitForURL('**/segments/?mode=approved');
    const approved = selectVisibleSegmentStats(stats, 'approved');
    expect(
      numbers(
        await waitForRows(
          page,
          'segments-table',
          approved.length,
          approved.map((r) => String(r._id)),
        ),
      ),
    ).toEqual(
      approved.map((s) => [
        s._id,
        s.total_approved,
        s.total_approved_trending,
        s.total_approved_hyper,
        s.total_approved_emerging,
      ]),
    );

    await page.getByLabel('Reel count min').fill('5');
    await page.getByLabel('Template clips count max').fill('10');
    await page.getByRole('button', { name: 'Filter' }).click();
    await page.waitForURL('**/segments/?mode=approved&reel_count_min=5&template_clips_count_max=10');
    const filtered = selectVisibleSegmentStats(
      await getJson<SegmentStatsRow[]>(api, '/api/segment/stats/?reel_count_min=5&template_clips_count_max=10'),
      'approved',
    );
    expect(filtered.reduce((n, s) => n + s.total_approved, 0)).toBeLessThan(
      approved.reduce((n, s) => n + s.total_approved, 0),
    );
    expect(
      numbers(
        await waitForRows(
          page,
          'segments-table',
          filtered.length,
          filtered.map((r) => String(r._id)),
        ),
      ).map((r) => r[1]),
    ).toEqual(filtered.map((s) => s.total_approved));
  }, 120_000);

  it('/segments/ shows no rows under a filter the server refuses, not the rows of the filter before', async () => {
    await page.goto('/segments/?reel_count_min=5');
    await page.getByTestId('segments-table').locator('tr[data-row-key]').first().waitFor();
    await page.getByLabel('Reel count max').fill('2');
    await page.getByRole('button', { name: 'Filter' }).click();
    await page.waitForURL('**/segments/?reel_count_min=5&reel_count_max=2');
    await waitForToast(page, 'reel_count_max must not be below reel_count_min');
    // The table says the query was refused, and why: not 'No templates match these filters', which would claim there
    // are none to find.
    const refused = page.getByTestId('segments-table').getByTestId('list-refused');
    await refused.getByText('Nothing to show: the server refused this query').waitFor();
    expect(await refused.innerText()).toContain('reel_count_max must not be below reel_count_min');
    expect(await page.getByTestId('segments-table').getByText('No templates match these filters').count()).toBe(0);
    expect(await page.getByTestId('segments-table').locator('tr[data-row-key]').count()).toBe(0);
  }, 60_000);

  it('/hlpoints/ lists every start time by media count, 100 a page, with the first marked as the default', async () => {
    const points = await getJson<HlPoint[]>(api, '/api/hlpoints/');
    const expected = (from: number) =>
      points.slice(from, from + 100).map((p) => [p.audio_asset_start_time_in_ms, p.count]);
    await page.goto('/hlpoints/');
    await page
      .getByTestId('total')
      .filter({ hasText: new RegExp(`^Total: ${points.length}$`) })
      .waitFor();
    const rows = await waitForRows(page, 'hlpoints-table', Math.min(points.length, 100));
    expect(points.length).toBeGreaterThan(100); // the demo catalog has more start times than a page
    expect(rows[0][0]).toContain(DEFAULT_HL_POINT_LABEL);
    expect(rows.slice(1).some((r) => r[0].includes(DEFAULT_HL_POINT_LABEL))).toBe(false);
    expect(rows.map((r) => [parseInt(r[0], 10), Number(r[1])])).toEqual(expected(0));
    await page.getByRole('button', { name: 'Next' }).click();
    const second = await waitForRows(page, 'hlpoints-table', Math.min(points.length - 100, 100));
    expect(second.map((r) => [parseInt(r[0], 10), Number(r[1])])).toEqual(expected(100));
    await page.screenshot({ path: '/tmp/reports-hlpoints.png' });
  }, 120_000);

  it('/metrics/ shows every live figure as a key/value row', async () => {
    const metrics = await getJson<Metric[]>(api, '/api/metrics/');
    await page.goto('/metrics/');
    const rows = await waitForRows(
      page,
      'metrics-table',
      metrics.length,
      metrics.map((m) => m.key),
    );
    expect(rows.map((r) => r[0])).toEqual(metrics.map((m) => m.key));
    const byKey = Object.fromEntries(rows.map((r) => [r[0], r[1]]));
    for (const key of ['audios', 'templates', 'users', 'tags', 'approvals'])
      expect(byKey[key]).toBe(String(metrics.find((m) => m.key === key)!.value));
    await page.screenshot({ path: '/tmp/reports-metrics.png' });
  }, 120_000);

  it('/metrics/ says the figures could not be loaded, with Retry, when the server fails', async () => {
    await page.route('**/api/metrics/', (route) => route.fulfill({ status: 503, body: '' }));
    try {
      await page.goto('/metrics/');
      await page.getByTestId('metrics-table').getByTestId('list-load-failed').waitFor();
    } finally {
      await page.unroute('**/api/metrics/');
    }
    await page.getByTestId('list-load-failed').getByRole('button', { name: 'Retry' }).click();
    await page.getByTestId('metrics-table').locator('tr[data-row-key="audios"]').waitFor();
  }, 60_000);
});
