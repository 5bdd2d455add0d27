#!/usr/bin/env node
// Benchmark of what a user's browser gets: starts the app as `npm start` does on a new data directory
// (demo catalog), then loads /audios/ and /beats/{id}/ in Chromium, cold (empty cache) and warm
// (second visit), and prints the medians of BENCH_RUNS (default 5) loads: script bytes transferred
// (as sent, compressed), requests, time to the first rows / to the waveform drawn after navigation,
// and long tasks. It also times the workspace opened by an in-app link from the audio list.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

import { chromium } from 'playwright-core';

const ROOT = path.join(path.dirname(fileURLToPath(import.meta.url)), '..');
const RUNS = Number(process.env.BENCH_RUNS ?? 5);
const CHROMIUM = process.env.CHROME_PATH ?? '/usr/bin/chromium';
const VIEWPORT = { width: 1600, height: 1000 };
const ROW = '[data-testid="audio-table"] tr[data-row-key]';

const freePort = () =>
  new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });

/** `npm start` on a scratch data directory; resolves once it prints that it is running. */
async function startApp() {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-web-'));
  const port = await freePort();
  const child = spawn(process.execPath, [path.join(ROOT, 'scripts/start.mjs')], {
    cwd: ROOT,
    env: { ...process.env, DATA_DIR: dataDir, PORT: String(port), LOG_LEVEL: 'error' },
    stdio: ['ignore', 'pipe', 'inherit'],
    detached: true,
  });
  await new Promise((resolve, reject) => {
    let out = '';
    child.stdout.on('data', (chunk) => {
      out += chunk;
      if (out.includes('is running at')) resolve();
    });
    child.once('exit', (code) => reject(new Error(`npm start exited with ${code}:\n${out}`)));
  });
  const login = JSON.parse(fs.readFileSync(path.join(dataDir, 'demo-login.json'), 'utf8'));
  const stop = () => {
    try {
      process.kill(-child.pid, 'SIGTERM');
    } catch {
      // already gone
    }
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
  return { baseUrl: `http://127.0.0.1:${port}`, login, stop };
}

/** Counts every request of a page and the bytes each one moved over the wire (0 when served from cache). */
async function watchNetwork(page) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  const requests = new Map();
  cdp.on('Network.requestWillBeSent', (e) => requests.set(e.requestId, { type: e.type, bytes: 0, cached: false }));
  cdp.on('Network.requestServedFromCache', (e) => {
    const r = requests.get(e.requestId);
    if (r) r.cached = true;
  });
  cdp.on('Network.responseReceived', (e) => {
    const r = requests.get(e.requestId);
    if (r) r.cached ||= e.response.fromDiskCache || e.response.fromPrefetchCache;
  });
  cdp.on('Network.loadingFinished', (e) => {
    const r = requests.get(e.requestId);
    if (r) r.bytes = e.encodedDataLength;
  });
  return () => {
    const all = [...requests.values()];
    const scripts = all.filter((r) => r.type === 'Script');
    return {
      requests: all.length,
      fromNetwork: all.filter((r) => !r.cached).length,
      scriptKB: scripts.reduce((n, r) => n + (r.cached ? 0 : r.bytes), 0) / 1024,
      allKB: all.reduce((n, r) => n + (r.cached ? 0 : r.bytes), 0) / 1024,
    };
  };
}

const LONG_TASKS = () => {
  window.__longTasks = [];
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) window.__longTasks.push(e.duration);
  }).observe({ type: 'longtask', buffered: true });
};

async function newPage(browser, storageState) {
  const context = await browser.newContext({ viewport: VIEWPORT, storageState });
  await context.addInitScript(LONG_TASKS);
  return { context, page: await context.newPage() };
}

/** Milliseconds from navigation start until the list shows its rows. */
const timeToRows = (page) =>
  page.waitForFunction((row) => document.querySelector(row) && performance.now(), ROW, { polling: 'raf' });

/** Milliseconds from navigation start until the workspace drew its waveform. */
const timeToWaveform = (page) =>
  page.waitForFunction(() => performance.getEntriesByName('waveform-drawn')[0]?.startTime, null, { polling: 50 });

const longTasks = (page) => page.evaluate(() => window.__longTasks ?? []);

async function loadOnce(page, url, waitFor) {
  const network = await watchNetwork(page);
  await page.goto(url, { waitUntil: 'commit' });
  const ms = await (await waitFor(page)).jsonValue();
  await page.waitForLoadState('networkidle');
  const tasks = await longTasks(page);
  return { ms, ...network(), longTasks: tasks.length, longestTaskMs: Math.max(0, ...tasks) };
}

/**
 * After the seed the analysis worker draws every demo audio's peaks: the loads are timed once it
 * is done, so they do not share the two cores with it.
 */
async function waitForPeaks(page, baseUrl) {
  for (const deadline = Date.now() + 600_000; Date.now() < deadline;) {
    let missing = 0;
    for (let skip = 0, total = 1; skip < total; skip += 50) {
      const res = await page.request.get(`${baseUrl}/api/audio/?skip=${skip}`);
      const body = await res.json();
      total = body.total;
      missing += body.results.filter((a) => a.peaks_url === null && a.media !== null).length;
    }
    if (missing === 0) return;
    await new Promise((r) => setTimeout(r, 3000));
  }
  throw new Error('the worker did not draw the demo peaks within 10 minutes');
}

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

function summarise(label, runs) {
  const m = (key) => median(runs.map((r) => r[key]));
  return (
    `${label.padEnd(36)} ${m('ms').toFixed(0).padStart(6)} ms  ` +
    `script ${m('scriptKB').toFixed(0).padStart(5)} KB  all ${m('allKB').toFixed(0).padStart(5)} KB  ` +
    `requests ${String(m('requests')).padStart(3)} (${String(m('fromNetwork')).padStart(3)} from network)  ` +
    `long tasks ${m('longTasks')} (longest ${m('longestTaskMs').toFixed(0)} ms)`
  );
}

async function main() {
  // Everything built first, so no build runs beside the loads being timed.
  const built = spawnSync(process.execPath, [path.join(ROOT, 'scripts/build.mjs'), '--if-stale'], {
    cwd: ROOT,
    stdio: 'inherit',
  });
  if (built.status !== 0) throw new Error('the build failed');
  const app = await startApp();
  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    headless: true,
    args: ['--disable-gpu', '--disable-dev-shm-usage', '--no-first-run', '--disable-background-networking'],
  });
  try {
    const { context: loginContext, page: loginPage } = await newPage(browser);
    await loginPage.goto(`${app.baseUrl}/login/`);
    await loginPage.getByLabel('Username').fill(app.login.username);
    await loginPage.getByLabel('Password').fill(app.login.password);
    await loginPage.getByRole('button', { name: 'Log in' }).click();
    await loginPage.waitForURL('**/audios/');
    // `npm start` seeds the demo catalog after it answers: wait for its rows.
    for (const deadline = Date.now() + 300_000; ;) {
      const shown = await loginPage
        .locator(ROW)
        .first()
        .waitFor({ timeout: 10_000 })
        .then(() => true)
        .catch(() => false);
      if (shown) break;
      if (Date.now() > deadline) throw new Error('the demo catalog never showed');
      await loginPage.reload();
    }
    await waitForPeaks(loginPage, app.baseUrl);
    const audioId = await loginPage.locator(`${ROW} a[href*="/beats/"]`).first().getAttribute('href');
    const state = await loginContext.storageState();
    await loginContext.close();

    const rows = { coldList: [], warmList: [], coldBeats: [], warmBeats: [], link: [] };
    for (let run = 0; run < RUNS; run++) {
      const list = await newPage(browser, state);
      rows.coldList.push(await loadOnce(list.page, `${app.baseUrl}/audios/`, timeToRows));
      rows.warmList.push(await loadOnce(list.page, `${app.baseUrl}/audios/`, timeToRows));
      // In-app link: from the list to the workspace, timed from the click.
      const network = await watchNetwork(list.page);
      const clickedAt = await list.page.evaluate(() => performance.now());
      await list.page.locator(`${ROW} a[href*="/beats/"]`).first().click();
      const drawnAt = await list.page
        .waitForFunction(
          (after) => performance.getEntriesByName('waveform-drawn').find((e) => e.startTime > after)?.startTime,
          clickedAt,
          { polling: 20 },
        )
        .then((h) => h.jsonValue());
      rows.link.push({ ms: drawnAt - clickedAt, ...network(), longTasks: 0, longestTaskMs: 0 });
      await list.context.close();

      const beats = await newPage(browser, state);
      rows.coldBeats.push(await loadOnce(beats.page, `${app.baseUrl}${audioId}`, timeToWaveform));
      rows.warmBeats.push(await loadOnce(beats.page, `${app.baseUrl}${audioId}`, timeToWaveform));
      await beats.context.close();
    }
    console.log(`web: Chromium ${VIEWPORT.width}×${VIEWPORT.height}, medians of ${RUNS} loads, localhost`);
    console.log(summarise('/audios/ cold: rows after', rows.coldList));
    console.log(summarise('/audios/ warm: rows after', rows.warmList));
    console.log(summarise(`${audioId} cold: waveform after`, rows.coldBeats));
    console.log(summarise(`${audioId} warm: waveform after`, rows.warmBeats));
    console.log(summarise('list → workspace link: waveform after', rows.link));
  } finally {
    await browser.close();
    app.stop();
  }
}

await main();
