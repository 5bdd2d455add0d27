import type { AudioListItem } from '@curator/shared';
import type { APIRequestContext, Browser, Page, Route } from 'playwright-core';

import { fetchAllAudios } from './harness/audio-list-page';
import { launchChromium, loginThroughForm, newContext } from './harness/browser';
import { apiSession, createAdminWithCommand } from './harness/session';
import { eventually } from './harness/workspace-page';

/** wavesurfer.js's own script: the one chunk of the workspace that decodes audio. */
const isWaveSurferScript = (body: string) => body.includes('decodeAudioData');

/** Whether the preview canvas in the waveform box has any painted pixel. */
const previewPainted = (page: Page) =>
  page.evaluate(() => {
    const canvas = document.querySelector<HTMLCanvasElement>('[data-testid="waveform"] canvas.waveform-preview');
    const ctx = canvas?.getContext('2d');
    if (!canvas || !ctx) return false;
    const { data } = ctx.getImageData(0, 0, canvas.width, canvas.height);
    for (let i = 3; i < data.length; i += 4) if (data[i] > 0) return true;
    return false;
  });

describe('workspace: the waveform is drawn from the precomputed peaks first', () => {
  let browser: Browser;
  let page: Page;
  let api: APIRequestContext & { csrf: string };
  let audio: AudioListItem;
  const admin = createAdminWithCommand('ws-waveform-admin', 'ws-waveform-password-1');

  beforeAll(async () => {
    api = await apiSession(admin);
    // The worker draws the demo catalog's peaks after the seed: wait for one of the first page.
    const withPeaks = await eventually(
      async () => (await fetchAllAudios(api)).slice(0, 100).find((a) => a.peaks_url && a.media && !a.locked),
      (found) => found !== undefined,
      240_000,
    );
    audio = withPeaks!;
    browser = await launchChromium();
    page = await (await newContext(browser)).newPage();
    await loginThroughForm(page, admin.username, admin.password);
  }, 300_000);

  afterAll(async () => {
    await browser?.close();
    await api?.dispose();
  });

  it('draws the peaks before wavesurfer.js and the media have loaded; wavesurfer.js then draws over them', async () => {
    // wavesurfer.js's script and the media are held back until the test lets them go.
    const held: Route[] = [];
    let holding = true;
    await page.route('**/*', async (route) => {
      const request = route.request();
      if (holding && request.url().endsWith(audio.media!)) return void held.push(route);
      if (holding && request.resourceType() === 'script' && request.url().includes('/mfe/workspace/')) {
        const response = await route.fetch();
        const body = await response.text();
        if (isWaveSurferScript(body)) return void held.push(route);
        // The page may have dropped the request meanwhile (then there is nothing to answer).
        return route.fulfill({ response, body }).catch(() => undefined);
      }
      return route.continue().catch(() => undefined);
    });
    try {
      // Not until 'load': the page's load event waits for the held script.
      await page.goto(`/beats/${audio.id}/`, { waitUntil: 'commit' });
      await page.locator('[data-testid="waveform"][data-drawn-ms]').waitFor({ timeout: 30_000 });
      expect(await previewPainted(page)).toBe(true);
      expect(await page.getByTestId('waveform').getAttribute('data-ready')).toBe('false');
      // wavesurfer.js was asked for before the drawing; the handler holds it once it has read which script it is.
      expect(
        await eventually(
          async () => held.length,
          (n) => n > 0,
          5_000,
        ),
      ).toBeGreaterThan(0);
      expect(await page.getByTestId('waveform').getAttribute('data-ready')).toBe('false');
    } finally {
      holding = false;
      for (const route of held.splice(0)) await route.continue().catch(() => undefined);
      await page.unroute('**/*');
    }
    // Once wavesurfer.js has drawn, its picture replaces the first one and the media plays.
    await page.locator('[data-testid="waveform"][data-ready="true"]').waitFor({ timeout: 30_000 });
    await page.locator('[data-testid="waveform"] canvas.waveform-preview').waitFor({ state: 'detached' });
    await page.screenshot({ path: '/tmp/ws-waveform-first.png' });
  }, 120_000);

  /**
   * A first visit to the workspace in a new page of its own, signed in by the first page's cookies (nothing in
   * its HTTP cache), once the waveform is drawn: the files the page fetched, with what asked for each and when.
   */
  async function firstVisit(prepare: (page: Page) => Promise<unknown> = async () => undefined) {
    const context = await browser.newContext({
      baseURL: page.url(),
      storageState: await page.context().storageState(),
    });
    try {
      const fresh = await context.newPage();
      await prepare(fresh);
      await fresh.goto(`/beats/${audio.id}/`);
      await fresh.locator('[data-testid="waveform"][data-drawn-ms]').waitFor({ timeout: 30_000 });
      return await fresh.evaluate(() =>
        performance.getEntriesByType('resource').map((e) => ({
          path: new URL(e.name).pathname,
          initiator: (e as PerformanceResourceTiming).initiatorType,
          start: e.startTime,
        })),
      );
    } finally {
      await context.close();
    }
  }

  it("on a first visit, asks for the peaks file once, from the page's own preload, before the screen's code is here", async () => {
    const entries = await firstVisit();
    const peaks = entries.filter((e) => e.path === audio.peaks_url);
    expect(peaks.map((e) => e.initiator)).toEqual(['link']);
    const remoteEntry = entries.find((e) => /^\/mfe\/workspace\/.*\/remoteEntry\.js$/.test(e.path));
    expect(peaks[0].start).toBeLessThan(remoteEntry!.start);
  }, 60_000);

  it('waits for the start bundle when the shell is ready before it, and fetches none of its files a second time', async () => {
    const bundle = /^\/mfe\/workspace\/[^/]+\/start\.\w+\.js$/;
    // The workspace's start bundle arrives well after the shell's own start is ready.
    const entries = await firstVisit((fresh) =>
      fresh.route(bundle, async (route) => {
        await new Promise((resolve) => setTimeout(resolve, 1500));
        await route.continue();
      }),
    );
    expect(entries.filter((e) => bundle.test(e.path))).toHaveLength(1);
    expect(entries.filter((e) => e.path.includes('__federation_expose_'))).toEqual([]);
  }, 60_000);

  /**
   * The time ruler's notches in the page (wavesurfer.js keeps only those in view): label, left and right edge, and
   * the view's span; the waveform first scrolled to `scrollLeft` when given.
   */
  const rulerNotches = (scrollLeft?: number) =>
    page.evaluate((left) => {
      const host = document.querySelector('[data-testid="waveform"]');
      const root = [...(host?.querySelectorAll('*') ?? [])].find((el) => el.shadowRoot)?.shadowRoot;
      const scroller = root?.querySelector<HTMLElement>('.scroll');
      if (left !== undefined) scroller?.scrollTo({ left });
      const notches = [...(root?.querySelectorAll<HTMLElement>('[part~="timeline-notch"]') ?? [])];
      return {
        view: scroller ? [scroller.scrollLeft, scroller.scrollLeft + scroller.clientWidth] : [0, 0],
        notches: notches.map((n) => ({
          label: n.textContent,
          left: n.offsetLeft,
          right: n.offsetLeft + n.clientWidth,
        })),
      };
    }, scrollLeft);

  it('labels the time ruler under the waveform, and keeps only the notches in view when zoomed in', async () => {
    // A track of half a minute or more: at 200 px a second it is far wider than the view.
    const long = await eventually(
      async () => (await fetchAllAudios(api)).find((a) => a.peaks_url && a.media && !a.locked && a.duration_s! >= 30),
      (found) => found !== undefined,
      120_000,
    );
    await page.goto(`/beats/${long!.id}/`);
    await page.locator('[data-testid="waveform"][data-ready="true"]').waitFor({ timeout: 30_000 });
    // The whole track in view: the ruler starts at 0 and every notch lies in the view.
    const whole = await eventually(
      () => rulerNotches(),
      (r) => r.notches.length > 0,
      10_000,
    );
    expect(whole.notches[0].label).toBe('0');
    for (const n of whole.notches) expect(n.right).toBeLessThanOrEqual(whole.view[1]);
    // Zoomed in all the way (200 px a second): a notch a second, and only those in view are in the page.
    await page.locator('label.control', { hasText: 'Zoom' }).locator('.ant-slider-handle').focus();
    await page.keyboard.press('End');
    const zoomed = await eventually(
      () => rulerNotches(),
      (r) => r.notches.length > 1 && r.notches[1].left - r.notches[0].left > 150,
      10_000,
    );
    expect(zoomed.notches[0].label).toBe('0');
    // A second is 200 px: the ruler spreads the media's own duration over the waveform's width, so this also says the
    // browser reads the media's duration right (it misread variable-rate MP3s, which carry no Xing header, by 4-37 %).
    const second = zoomed.notches[1].left - zoomed.notches[0].left;
    expect(second).toBeGreaterThanOrEqual(198);
    expect(second).toBeLessThanOrEqual(202);
    expect(Math.abs(zoomed.notches[2].left - zoomed.notches[1].left - second)).toBeLessThanOrEqual(1);
    expect(zoomed.notches.length).toBeLessThanOrEqual(Math.ceil((zoomed.view[1] - zoomed.view[0]) / second) + 1);
    for (const n of zoomed.notches) {
      expect(n.left).toBeGreaterThanOrEqual(zoomed.view[0]);
      expect(n.right).toBeLessThan(zoomed.view[1]);
    }
    // Scrolled on, the ruler follows: the notches now in view are those of later seconds.
    await rulerNotches(2000);
    const scrolled = await eventually(
      () => rulerNotches(),
      (r) => r.view[0] >= 2000 && r.notches[0]?.left >= 2000,
      10_000,
    );
    expect(scrolled.notches[0].left).toBeLessThan(2200);
    for (const n of scrolled.notches) expect(n.right).toBeLessThan(scrolled.view[1]);
  }, 180_000);

  it('starts loading the peaks file when the pointer reaches an audio on the list, before the click', async () => {
    // A new page of its own: nothing of the first test in its HTTP cache.
    const fresh = await (await newContext(browser)).newPage();
    try {
      await loginThroughForm(fresh, admin.username, admin.password);
      await fresh.goto(`/audios/?q=${encodeURIComponent(audio.audio_name)}`);
      const freshLink = fresh.locator(`[data-testid="audio-table"] tr[data-row-key="${audio.id}"] a.audio-name`);
      await freshLink.waitFor();
      const peaksRequested = fresh.waitForRequest((r) => r.url().endsWith(audio.peaks_url!), { timeout: 5_000 });
      await freshLink.hover();
      await peaksRequested;
      expect(fresh.url()).toContain('/audios/');
      await freshLink.click();
      await fresh.locator('[data-testid="waveform"][data-drawn-ms]').waitFor({ timeout: 30_000 });
    } finally {
      await fresh.context().close();
    }
  }, 120_000);
});
