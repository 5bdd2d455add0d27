import type { AudioListItem, AudioListPage } from '@curator/shared';
import type { APIRequestContext, Locator, Page } from 'playwright-core';

/** Picks `option` in the antd Select labelled `label` (single or multiple). */
export async function chooseOption(page: Page, label: string, option: string): Promise<void> {
  await page.getByLabel(label, { exact: true }).click();
  const dropdown = page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden)');
  await dropdown
    .locator('.ant-select-item-option', {
      hasText: new RegExp(`^${option.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}( \\(\\d+\\))?$`),
    })
    .first()
    .click();
  await page.keyboard.press('Escape');
}

export function totalLabel(page: Page): Locator {
  return page.getByTestId('total').first();
}

/** Waits until the pager shows exactly `Total: n`. */
export async function waitForTotal(page: Page, total: number): Promise<void> {
  await page
    .getByTestId('total')
    .first()
    .filter({ hasText: new RegExp(`^Total: ${total}$`) })
    .waitFor();
}

/** Ids of the rows of the page, top to bottom, once the table has them all (it adds them by screenfuls). */
export async function rowIds(page: Page): Promise<string[]> {
  await page.locator('[data-testid="audio-table"][aria-busy="false"]').waitFor();
  return page
    .locator('[data-testid="audio-table"] tr[data-row-key]')
    .evaluateAll((rows) => rows.map((r) => r.getAttribute('data-row-key') ?? ''));
}

export function row(page: Page, id: string): Locator {
  return page.locator(`[data-testid="audio-table"] tr[data-row-key="${id}"]`);
}

/** GET /api/audio/ as the test's own API session sees it. */
export async function fetchAudios(api: APIRequestContext, query: string): Promise<AudioListPage> {
  const res = await api.get(`/api/audio/${query}`);
  if (!res.ok()) throw new Error(`GET /api/audio/${query}: ${res.status()} ${await res.text()}`);
  return (await res.json()) as AudioListPage;
}

/** Every audio of the catalog, paging through the unfiltered list. */
export async function fetchAllAudios(api: APIRequestContext): Promise<AudioListItem[]> {
  const all: AudioListItem[] = [];
  for (let skip = 0; ; skip += 100) {
    const page = await fetchAudios(api, `?skip=${skip}`);
    all.push(...page.results);
    if (page.results.length < 100) return all;
  }
}

/**
 * Waits until the analysis worker has no job queued or running (the demo catalog seeded just
 * before starts one per media file), so the list's timings are not the worker's; at most 4 minutes.
 */
export async function waitForIdleWorker(api: APIRequestContext): Promise<void> {
  const figure = (metrics: { key: string; value: unknown }[], key: string) =>
    Number(metrics.find((m) => m.key === key)?.value ?? 0);
  for (const deadline = Date.now() + 240_000; Date.now() < deadline;) {
    const metrics = (await (await api.get('/api/metrics/')).json()) as { key: string; value: unknown }[];
    if (figure(metrics, 'analysis_jobs_queued') + figure(metrics, 'analysis_jobs_running') === 0) return;
    await new Promise((r) => setTimeout(r, 1000));
  }
}
