import type { APIRequestContext, Browser, Page } from 'playwright-core';

import { launchChromium, loginThroughForm, newContext } from './harness/browser';
import { apiSession, createAdminWithCommand } from './harness/session';
import {
  beatRow,
  eventually,
  fetchAudio,
  fetchBeats,
  openWorkspace,
  seekTo,
  shownOffsets,
} from './harness/workspace-page';
import { importCatalog, synthesiseTrackOnce, uniqueAudioId } from './harness/workspace-seed';

describe('workspace: waveform timing, autobeat and stems in Chromium', () => {
  let browser: Browser;
  let page: Page;
  let api: APIRequestContext & { csrf: string };
  const admin = createAdminWithCommand('ws-analysis-admin', 'ws-analysis-password-1');
  const longId = uniqueAudioId('wslong');
  const shortId = uniqueAudioId('wsshort');

  beforeAll(async () => {
    const long = synthesiseTrackOnce('ws-120bpm-180s', 180, 120);
    const short = synthesiseTrackOnce('ws-100bpm-30s', 30, 100);
    importCatalog([
      {
        music_canonical_id: longId,
        audio_name: 'Three Minutes',
        is_original_sound: false,
        media: long.path,
        highlight_start_times_in_ms: [0],
        duration_ms: 180000,
      },
      {
        music_canonical_id: shortId,
        audio_name: 'Short Loop',
        is_original_sound: false,
        media: short.path,
        highlight_start_times_in_ms: [1000],
        duration_ms: 30000,
      },
    ]);
    api = await apiSession(admin);
    browser = await launchChromium();
    page = await (await newContext(browser)).newPage();
    await loginThroughForm(page, admin.username, admin.password);
  }, 300_000);

  afterAll(async () => {
    await browser?.close();
    await api?.dispose();
  });

  it('draws a 3-minute track from its precomputed peaks soon after navigation', async () => {
    const audio = await eventually(
      () => fetchAudio(api, longId),
      (a) => a.peaks_url !== null,
      120_000,
    );
    expect(audio.peaks_url).not.toBeNull();
    const timings: number[] = [];
    for (let run = 0; run < 3; run++) {
      await page.goto('/audios/');
      await page.goto(`/beats/${longId}/`);
      await page.locator('[data-testid="waveform"][data-drawn-ms]').waitFor({ timeout: 30_000 });
      timings.push(await page.evaluate(() => Math.round(performance.getEntriesByName('waveform-drawn')[0].startTime)));
    }
    const steps = await page.evaluate(() => [
      ...performance.getEntriesByType('navigation').map((e) => {
        const n = e as PerformanceNavigationTiming;
        return `document ${Math.round(n.fetchStart)}→${Math.round(n.responseEnd)}, DOMContentLoaded ${Math.round(n.domContentLoadedEventEnd)}`;
      }),
      ...performance
        .getEntriesByType('resource')
        .map(
          (e) =>
            `${e.name.replace(location.origin, '').slice(0, 60)} ${Math.round(e.startTime)}→${Math.round((e as PerformanceResourceTiming).responseEnd)} (${(e as PerformanceResourceTiming).transferSize} B)`,
        ),
      ...performance.getEntriesByType('mark').map((m) => `${m.name} ${Math.round(m.startTime)}`),
    ]);
    console.log(`warm navigation steps (ms since navigation):\n${steps.join('\n')}`);
    const fetchedPeaks = await page.evaluate(
      (url) => performance.getEntriesByType('resource').some((e) => e.name.endsWith(url)),
      audio.peaks_url!,
    );
    console.log(`navigation → drawn waveform, 3-minute track: ${timings.join(' ms, ')} ms (first, then warm)`);
    // The usual path: a link inside the app (shell and screens already loaded), clicked → drawn.
    const inApp: number[] = [];
    for (let run = 0; run < 3; run++) {
      await page.goto(`/templates/?music_canonical_id=${longId}`);
      const link = page.getByTestId('templates-screen').getByRole('link', { name: longId });
      await link.waitFor();
      const clickedAt = await page.evaluate(() => performance.now());
      await link.click();
      await page.locator('[data-testid="waveform"][data-drawn-ms]').waitFor({ timeout: 30_000 });
      inApp.push(Number(await page.getByTestId('waveform').getAttribute('data-drawn-ms')) - Math.round(clickedAt));
    }
    console.log(`in-app link → drawn waveform, 3-minute track: ${inApp.join(' ms, ')} ms`);
    expect(Math.min(...inApp)).toBeLessThan(3000);
    expect(fetchedPeaks).toBe(true);
    expect(Math.min(...timings)).toBeLessThan(3000);
    await page.locator('[data-testid="waveform"][data-ready="true"]').waitFor();
    await page.screenshot({ path: '/tmp/ws-long.png', fullPage: true });
  }, 180_000);

  it("Autobeat makes the 'automated' beat, shows its BPM and ranked variants; a variant replaces it and Ctrl+Z restores it", async () => {
    await openWorkspace(page, shortId);
    await page.getByRole('button', { name: 'Autobeat' }).click();
    await beatRow(page, 'automated').and(page.locator('.row-active')).waitFor({ timeout: 90_000 });
    const [auto] = (await fetchBeats(api, shortId)).filter((b) => b.name === 'automated');
    expect(auto.type).toBe('auto');
    // 100 BPM over ~29 s after the 1 s highlight: some 45 beats, none at or before the highlight.
    expect(auto.offsets.length).toBeGreaterThan(30);
    expect(auto.offsets.every((o) => o > 1)).toBe(true);
    expect(await shownOffsets(page)).toEqual(auto.offsets);
    expect(await page.getByTestId('autobeat-tempo').innerText()).toBe('100 BPM');
    // The other levels, each labelled with its BPM, ×0.5 and ×2 among them.
    const labels = await page.getByTestId('tempo-variant').allInnerTexts();
    expect(labels.some((l) => /^×0\.5 \((49|50|51) BPM\)$/.test(l))).toBe(true);
    expect(labels.some((l) => /^×2 \((199|200|201) BPM\)$/.test(l))).toBe(true);
    const n = auto.offsets.length;
    await page.getByTestId('tempo-variant').filter({ hasText: /^×2 / }).click();
    const doubled = await eventually(
      () => shownOffsets(page),
      (o) => Math.abs(o.length - 2 * n) <= 3,
    );
    expect(doubled.every((o) => o > 1)).toBe(true);
    // One step back: the automated beat as it was, in the editor and stored.
    await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
    await page.keyboard.press('Control+z');
    await eventually(
      () => shownOffsets(page),
      (o) => o.length === n,
    );
    const saved = await eventually(
      () => fetchBeats(api, shortId),
      (b) => b.find((x) => x.name === 'automated')?.offsets.length === n,
    );
    expect(saved.find((b) => b.name === 'automated')?.offsets).toEqual(auto.offsets);
  }, 180_000);

  it('with Snap on, B lands on the nearest onset within 60 ms, and Snap is remembered', async () => {
    await openWorkspace(page, shortId);
    const analysis = await (
      await api.post(`/api/autobeat/${shortId}/`, { headers: { 'X-CSRFToken': api.csrf } })
    ).json();
    const beats = (await fetchBeats(api, shortId)).find((b) => b.name === 'automated')!;
    await beatRow(page, 'automated').click();
    // An onset between two beats (a hi-hat), away from every offset the beat already has.
    const onset = (analysis.onsets as number[]).find(
      (o) => o > 5 && beats.offsets.every((b) => Math.abs(b - o) > 0.15),
    )!;
    expect(onset).toBeDefined();
    const snapToggle = page.getByRole('checkbox', { name: 'Snap' });
    await snapToggle.check();
    await seekTo(page, Math.round((onset + 0.04) * 100) / 100);
    await page.keyboard.press('b');
    await eventually(
      () => shownOffsets(page),
      (o) => o.includes(onset),
    );
    expect(await shownOffsets(page)).not.toContain(Math.round((onset + 0.04) * 100) / 100);
    expect(await page.getByTestId('snap-status').innerText()).toContain(`→ ${onset.toFixed(2)} s`);
    await page.reload();
    await page.locator('[data-testid="waveform"][data-ready="true"]').waitFor({ timeout: 30_000 });
    expect(await snapToggle.isChecked()).toBe(true);
    await snapToggle.uncheck();
  }, 120_000);

  it('requests stems, shows the statuses while polling every 4 s, then offers the stem tracks', async () => {
    await openWorkspace(page, shortId);
    const seen = new Set<string>();
    page.on('response', async (res) => {
      if (res.url().endsWith(`/api/audio/${shortId}/stem/`))
        seen.add(((await res.json().catch(() => ({}))) as { stem_status?: string }).stem_status ?? '');
    });
    await page.getByRole('button', { name: 'Request stems' }).click();
    await page
      .getByTestId('stem-status')
      .filter({ hasText: /requested|processing|ready/ })
      .waitFor();
    await page.getByTestId('stem-status').filter({ hasText: 'ready' }).waitFor({ timeout: 150_000 });
    expect([...seen].some((s) => s === 'requested' || s === 'processing')).toBe(true);
    await page.getByLabel('Tracks', { exact: true }).click();
    const options = await page
      .locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option')
      .allInnerTexts();
    const audio = await fetchAudio(api, shortId);
    expect(audio.stem_tracks.length).toBeGreaterThan(0);
    expect(options).toEqual(['original', ...audio.stem_tracks.map((t) => t.type)]);
    await page.locator('.ant-select-item-option').filter({ hasText: audio.stem_tracks[0].type }).click();
    await page.locator('[data-testid="waveform"][data-ready="true"]').waitFor({ timeout: 30_000 });
    await page.screenshot({ path: '/tmp/ws-stems.png', fullPage: true });
  }, 240_000);

  it('logs a failed stem status reading and stops polling', async () => {
    await openWorkspace(page, longId);
    const errors: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') errors.push(message.text());
    });
    let readings = 0;
    // The separation itself is not under test here: the request is answered and the reading fails.
    await page.route(`**/api/audio/${longId}/stem/`, (route) => {
      if (route.request().method() === 'POST')
        return route.fulfill({ json: { stem_status: 'requested', stem_tracks: [] } });
      readings += 1;
      return route.fulfill({ status: 500, json: { detail: 'stem store unavailable' } });
    });
    await page.getByRole('button', { name: 'Request stems' }).click();
    await page.getByTestId('stem-status').filter({ hasText: 'requested' }).waitFor();
    // Chromium also logs the 500 itself ("Failed to load resource"); wait for the app's own line.
    const isLogged = (text: string) =>
      text.includes(`stem status of ${longId} failed`) && text.includes('stem store unavailable');
    await eventually(
      async () => errors.some(isLogged),
      (found) => found,
      15_000,
    );
    expect(errors.some(isLogged)).toBe(true);
    const afterFailure = readings;
    await page.waitForTimeout(9000);
    expect(readings).toBe(afterFailure);
    expect(readings).toBe(1);
    await page.unroute(`**/api/audio/${longId}/stem/`);
  }, 60_000);
});
