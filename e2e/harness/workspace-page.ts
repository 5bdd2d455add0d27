import type { Beat, WorkspaceAudio } from '@curator/shared';
import type { APIRequestContext, Locator, Page } from 'playwright-core';

/** Opens /beats/{id}/ and waits until the waveform is drawn and playable. */
export async function openWorkspace(page: Page, id: string): Promise<void> {
  await page.goto(`/beats/${id}/`);
  await page.locator('[data-testid="waveform"][data-ready="true"]').waitFor({ timeout: 30_000 });
  // The editor writes once it holds the audio's lock, taken when the waveform is ready (or shows who holds it).
  await page
    .getByTestId('lock-state')
    .filter({ hasText: /^editing$|Locked by/ })
    .waitFor();
}

/** Moves the playhead by typing into the offset input, then leaves the input so keys reach the workspace. */
export async function seekTo(page: Page, timeS: number): Promise<void> {
  const input = page.getByLabel('Offset', { exact: true });
  await input.click();
  await input.fill(String(timeS));
  await input.press('Enter');
  await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
  await page.waitForFunction((t) => {
    const el = document.querySelector<HTMLInputElement>(
      '[data-testid="playhead-input"] input, input[data-testid="playhead-input"]',
    );
    return !!el && Math.abs(Number(el.value) - t) < 0.02;
  }, timeS);
}

/** Moves the playhead to `timeS` and presses B there, then waits until the offsets table shows that offset. */
export async function markOffsetAt(page: Page, timeS: number): Promise<void> {
  await seekTo(page, timeS);
  await page.keyboard.press('b');
  await eventually(
    () => shownOffsets(page),
    (offsets) => offsets.includes(timeS),
  );
}

/** Row keys of an antd table, top to bottom. */
export async function rowKeys(table: Locator): Promise<string[]> {
  return table.locator('tr[data-row-key]').evaluateAll((rows) => rows.map((r) => r.getAttribute('data-row-key') ?? ''));
}

/** Offsets shown in the offsets table, seconds. */
export async function shownOffsets(page: Page): Promise<number[]> {
  return (await rowKeys(page.getByTestId('offsets-table'))).map(Number);
}

/** Cells of the segments table as [from, to, duration] rows. */
export async function shownSegments(page: Page): Promise<number[][]> {
  return page
    .getByTestId('segments-table')
    .locator('tr[data-row-key]')
    .evaluateAll((rows) =>
      rows.map((r) =>
        Array.from(r.querySelectorAll('td'))
          .slice(1, 4)
          .map((td) => Number(td.textContent)),
      ),
    );
}

export function beatRow(page: Page, name: string): Locator {
  return page.getByTestId('beats-table').locator('tr[data-row-key]', { has: page.getByText(name, { exact: true }) });
}

export function templateRow(page: Page, index: number): Locator {
  return page
    .getByTestId('templates-table')
    .locator('tr[data-row-key]', { has: page.getByText(`tmpl#${index}`, { exact: true }) });
}

/** Waits for a toast with exactly `text`. */
export async function waitForToast(page: Page, text: string): Promise<void> {
  await page.getByTestId('toast').filter({ hasText: text }).first().waitFor({ timeout: 10_000 });
}

/** Creates a beat through the new-beat input and waits for its row to be active. */
export async function createBeat(page: Page, typedName: string, expectedName: string): Promise<void> {
  await page.getByLabel('New beat name').fill(typedName);
  await page.getByLabel('New beat name').press('Enter');
  await beatRow(page, expectedName).and(page.locator('.row-active')).waitFor();
  await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
}

export async function fetchBeats(api: APIRequestContext, musicCanonicalId: string): Promise<Beat[]> {
  const res = await api.get(`/api/beats/?music_canonical_id=${musicCanonicalId}`);
  if (!res.ok()) throw new Error(`GET beats: ${res.status()} ${await res.text()}`);
  return (await res.json()) as Beat[];
}

export async function fetchAudio(api: APIRequestContext, id: string): Promise<WorkspaceAudio> {
  const res = await api.get(`/api/audio/${id}/`);
  if (!res.ok()) throw new Error(`GET audio: ${res.status()} ${await res.text()}`);
  return (await res.json()) as WorkspaceAudio;
}

/** Polls `read` until `accept` holds (the saves run in the background). */
export async function eventually<T>(
  read: () => Promise<T>,
  accept: (value: T) => boolean,
  timeoutMs = 10_000,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (accept(value) || Date.now() > deadline) return value;
    await new Promise((r) => setTimeout(r, 150));
  }
}
