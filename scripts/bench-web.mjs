#!/usr/bin/env node
// Benchmark of what a user's browser gets: starts the app as `npm start` does on a new data directory
// (demo catalog), then loads /audios/ and /beats/{id}/ in Chromium, cold (empty cache) and warm
// (second visit), and prints the medians of BENCH_RUNS (default 5) loads: script bytes transferred
// (as sent, compressed), requests, time to the first rows / to the waveform drawn after navigation,
// and long tasks. It also times the workspace opened by an in-app link from the audio list (the
// pointer on the link first, as a user's is), the rows shown after the answer to a search and to a
// type filter, and the frames while scrolling the 100 rows. Each row of the speed aims (issue
// "Every screen usable in half a second") is printed with its median, every run and the aim. Beside
// them, the floor: a page of React alone (scripts/lib/web-floor) making the same first request and
// showing the same first rows, cold, in the same rounds: what any React page needs on this machine.
// BENCH_WEB_AGAINST=<git ref> also measures that commit (checked out, installed and built in a
// scratch worktree) as "before": the two run side by side and take turns load by load, so the
// machine's drift over minutes falls on both alike.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

import { chromium } from 'playwright-core';
import webpack from 'webpack';

const ROOT = path.join(path.dirname(fileURLToPath(import.meta.url)), '..');
const RUNS = Number(process.env.BENCH_RUNS ?? 5);
const CHROMIUM = process.env.CHROME_PATH ?? '/usr/bin/chromium';
const VIEWPORT = { width: 1600, height: 1000 };
const ROW = '[data-testid="audio-table"] tr[data-row-key]';
const AGAINST = process.env.BENCH_WEB_AGAINST;
/** Where the floor page is served from, on the app's own origin (its cookie and API), by the browser context. */
const FLOOR_PATH = '/__bench-floor/';

const freePort = () =>
  new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });

/** `npm start` of the tree at `root` on a scratch data directory; resolves once it prints that it is running. */
async function startApp(root) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-web-'));
  const port = await freePort();
  const child = spawn(process.execPath, [path.join(root, 'scripts/start.mjs')], {
    cwd: root,
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
  const exited = new Promise((resolve) => (child.exitCode !== null ? resolve() : child.once('exit', resolve)));
  const stop = async () => {
    try {
      process.kill(-child.pid, 'SIGTERM');
    } catch {
      // already gone
    }
    await exited;
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

/** The floor page (scripts/lib/web-floor) bundled for production into a scratch folder: its page and its script. */
async function buildFloorPage() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-web-floor-'));
  const compiler = webpack({
    mode: 'production',
    entry: path.join(ROOT, 'scripts/lib/web-floor/floor-page.mjs'),
    output: { path: dir, filename: 'floor.js' },
    resolve: { modules: [path.join(ROOT, 'node_modules')] },
    performance: { hints: false },
  });
  const stats = await new Promise((resolve, reject) =>
    compiler.run((error, result) => (error ? reject(error) : compiler.close(() => resolve(result)))),
  );
  if (stats.hasErrors()) throw new Error(`the floor page did not build:\n${stats.toString('errors-only')}`);
  const html = `<!doctype html><html lang="en"><head><meta charset="utf-8"><script defer src="${FLOOR_PATH}floor.js"></script></head><body><div id="root"></div></body></html>`;
  return { dir, html, remove: () => fs.rmSync(dir, { recursive: true, force: true }) };
}

/**
 * Milliseconds to the floor page's rows, cold (a new context): its page and script come from the bench through the
 * context (which adds a little to the floor, never takes from it), the list from the app.
 */
async function timeFloor(browser, app, state, floor) {
  const { context, page } = await newPage(browser, state);
  await context.route(`${app.baseUrl}${FLOOR_PATH}**`, (route) =>
    route.request().url().endsWith('.js')
      ? route.fulfill({ path: path.join(floor.dir, 'floor.js'), contentType: 'text/javascript' })
      : route.fulfill({ body: floor.html, contentType: 'text/html' }),
  );
  await page.goto(`${app.baseUrl}${FLOOR_PATH}`, { waitUntil: 'commit' });
  const ms = await (await timeToRows(page)).jsonValue();
  await context.close();
  return ms;
}

async function loadOnce(page, url, waitFor) {
  const network = await watchNetwork(page);
  await page.goto(url, { waitUntil: 'commit' });
  const ms = await (await waitFor(page)).jsonValue();
  await page.waitForLoadState('networkidle');
  const tasks = await longTasks(page);
  // When the current screen's first file was asked for, after navigation (the shell's start-up path).
  const screenStartMs = await page.evaluate(() =>
    Math.min(
      ...performance
        .getEntriesByType('resource')
        .filter((e) => e.name.includes('/mfe/'))
        .map((e) => e.startTime),
    ),
  );
  return { ms, screenStartMs, ...network(), longTasks: tasks.length, longestTaskMs: Math.max(0, ...tasks) };
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

/**
 * Records, in the page, when the first row of the list shows another audio: the frame after the
 * change (what the user sees), on the clock of the page's resource timings.
 */
const watchFirstRow = (page) =>
  page.evaluate((row) => {
    window.__firstRows = [];
    const table = document.querySelector('[data-testid="audio-table"]');
    let last = document.querySelector(row)?.getAttribute('data-row-key') ?? null;
    new MutationObserver(() => {
      const key = document.querySelector(row)?.getAttribute('data-row-key') ?? null;
      if (key === last) return;
      last = key;
      requestAnimationFrame(() => window.__firstRows.push({ key, t: performance.now() }));
    }).observe(table, { childList: true, subtree: true });
  }, ROW);

/**
 * Milliseconds from the end of the list's answer (its resource timing) to the frame showing its
 * first row, after `act` asked for the rows of `query` (a part of the API URL).
 */
async function rowsUpdatedAfterAnswer(page, query, act) {
  await watchFirstRow(page);
  const [response] = await Promise.all([
    page.waitForResponse((r) => r.url().includes('/api/audio/?') && r.url().includes(query)),
    act(),
  ]);
  const first = (await response.json()).results[0]?.id;
  if (!first) throw new Error(`no rows for ${query}`);
  return page
    .waitForFunction(
      ([key, q]) => {
        const shown = window.__firstRows.find((r) => r.key === key);
        const answer = performance
          .getEntriesByType('resource')
          .filter((e) => e.name.includes('/api/audio/?') && e.name.includes(q))
          .at(-1);
        return shown && answer && shown.t - answer.responseEnd;
      },
      [first, query],
      { polling: 50 },
    )
    .then((h) => h.jsonValue());
}

/** Scrolls the page of rows to the bottom by wheel steps and back; returns the frames' lengths, ms. */
async function scrollFrames(page) {
  await page.evaluate(() => {
    window.__frames = [];
    let last = performance.now();
    const tick = (now) => {
      window.__frames.push(now - last);
      last = now;
      if (!window.__stopFrames) requestAnimationFrame(tick);
    };
    window.__stopFrames = false;
    requestAnimationFrame(tick);
  });
  await page.mouse.move(800, 600);
  for (const dir of [1, -1])
    for (let i = 0; i < 30; i++) {
      await page.mouse.wheel(0, dir * 200);
      await page.waitForTimeout(40);
    }
  return page.evaluate(() => {
    window.__stopFrames = true;
    return window.__frames.slice(1);
  });
}

const fmt = (v, unit) => `${v.toFixed(0)} ${unit}`;

/** One row of the issue's table: the median, every run and the aim; with `before`, that commit's median first. */
function line(label, values, unit, aim, before) {
  const m = median(values);
  const ok = m <= aim ? 'met' : 'NOT met';
  const runs = (v) => v.map((x) => x.toFixed(0)).join(', ');
  const shown = before
    ? `${fmt(median(before), unit).padStart(8)} -> ${fmt(m, unit).padStart(8)}`
    : fmt(m, unit).padStart(8);
  return (
    `${label.padEnd(52)} ${shown}   aim ≤ ${fmt(aim, unit).padEnd(8)} ${ok.padEnd(8)}` +
    `runs: ${runs(values)}${before ? ` | before: ${runs(before)}` : ''}`
  );
}

/** A figure with no aim: the median and every run (with `before`, that commit's first). */
function figure(label, values, unit, before) {
  const shown = before
    ? `${fmt(median(before), unit).padStart(8)} -> ${fmt(median(values), unit).padStart(8)}`
    : fmt(median(values), unit).padStart(8);
  return `${label.padEnd(52)} ${shown}   runs: ${values.map((v) => v.toFixed(0)).join(', ')}`;
}

function summarise(label, runs) {
  const m = (key) => median(runs.map((r) => r[key]));
  return (
    `${label.padEnd(40)} ${m('ms').toFixed(0).padStart(6)} ms  ` +
    `script ${m('scriptKB').toFixed(0).padStart(5)} KB  all ${m('allKB').toFixed(0).padStart(5)} KB  ` +
    `requests ${String(m('requests')).padStart(3)} (${String(m('fromNetwork')).padStart(3)} from network)  ` +
    `long tasks ${m('longTasks')} (longest ${m('longestTaskMs').toFixed(0)} ms)`
  );
}

/** Runs a command to the end, its output hidden; throws with what it wrote to stderr when it fails. */
function runQuietly(command, args, cwd) {
  const res = spawnSync(command, args, { cwd, stdio: ['ignore', 'ignore', 'pipe'], encoding: 'utf8' });
  if (res.status !== 0) throw new Error(`${command} ${args.join(' ')} failed in ${cwd}:\n${res.stderr}`);
}

/** `ref` checked out in a scratch worktree and installed as a fresh clone is (its install builds it). */
function checkOutBefore(ref) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-web-before-'));
  runQuietly('git', ['worktree', 'add', '--detach', dir, ref], ROOT);
  const remove = () => spawnSync('git', ['worktree', 'remove', '--force', dir], { cwd: ROOT, stdio: 'ignore' });
  try {
    runQuietly('npm', ['ci', '--no-audit', '--no-fund'], dir);
  } catch (error) {
    remove();
    throw error;
  }
  return { dir, remove };
}

/** Logs in, waits for the demo catalog and its peaks, and picks the audio, search and filter the loads use. */
async function prepare(browser, app) {
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
  const firstPage = (await (await loginPage.request.get(`${app.baseUrl}/api/audio/`)).json()).results;
  // The link the user follows: the first audio of the page that has a waveform.
  const linked = firstPage.find((a) => a.peaks_url);
  const isOriginal = firstPage[0].is_original_sound;
  const setup = {
    state: await loginContext.storageState(),
    linkedId: linked.id,
    audioId: `/beats/${linked.id}/`,
    // A search that changes the first row, and a type filter that does too.
    searchTerm: firstPage.find((a) => a.artist_name !== firstPage[0].artist_name).artist_name,
    otherType: isOriginal ? 'Music' : 'Original sound',
    otherTypeQuery: isOriginal ? 'audio_type=music' : 'audio_type=original_sound',
  };
  await loginContext.close();
  return setup;
}

const noFigures = () => ({
  floor: [],
  coldList: [],
  warmList: [],
  coldBeats: [],
  warmBeats: [],
  link: [],
  search: [],
  filter: [],
  scrollOver50: [],
  scrollLongest: [],
});

/** One round of every load against one app, each figure added to `into` (see noFigures). */
async function measureRound(browser, app, setup, floor, into) {
  const { state, linkedId, audioId, searchTerm, otherType, otherTypeQuery } = setup;
  into.floor.push(await timeFloor(browser, app, state, floor));
  const list = await newPage(browser, state);
  into.coldList.push(await loadOnce(list.page, `${app.baseUrl}/audios/`, timeToRows));
  into.warmList.push(await loadOnce(list.page, `${app.baseUrl}/audios/`, timeToRows));

  const frames = await scrollFrames(list.page);
  into.scrollOver50.push(frames.filter((f) => f > 50).length);
  into.scrollLongest.push(Math.max(...frames));

  const search = list.page.getByPlaceholder('Search for an audio or artist');
  into.search.push(
    await rowsUpdatedAfterAnswer(list.page, `q=${encodeURIComponent(searchTerm).replace(/%20/g, '+')}`, async () => {
      await search.fill(searchTerm);
      await search.press('Enter');
    }),
  );
  await list.page.goto(`${app.baseUrl}/audios/`);
  await timeToRows(list.page);
  into.filter.push(
    await rowsUpdatedAfterAnswer(list.page, otherTypeQuery, async () => {
      await list.page.getByLabel('Audio Type', { exact: true }).click();
      await list.page
        .locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option', {
          hasText: otherType,
        })
        .click();
      await list.page.getByRole('button', { name: 'Filter', exact: true }).click();
    }),
  );

  // In-app link: from the list to the workspace, timed from the click as the page receives it (the
  // click event's time stamp; the driver's own checks before it clicks are not the user's wait).
  // The pointer rests on the link only as long as the driver takes between hover and click.
  await list.page.goto(`${app.baseUrl}/audios/`);
  await timeToRows(list.page);
  await list.page.waitForLoadState('networkidle');
  const network = await watchNetwork(list.page);
  const link = list.page.locator(`${ROW}[data-row-key="${linkedId}"] a[href*="/beats/"]`);
  await link.hover();
  await list.page.evaluate(() =>
    document.addEventListener('click', (event) => (window.__clickedAt = event.timeStamp), {
      capture: true,
      once: true,
    }),
  );
  await link.click();
  const clickedAt = await list.page.evaluate(() => window.__clickedAt);
  const drawnAt = await list.page
    .waitForFunction(
      (after) => performance.getEntriesByName('waveform-drawn').find((e) => e.startTime > after)?.startTime,
      clickedAt,
      { polling: 20 },
    )
    .then((h) => h.jsonValue());
  into.link.push({ ms: drawnAt - clickedAt, ...network(), longTasks: 0, longestTaskMs: 0 });
  await list.context.close();

  const beats = await newPage(browser, state);
  into.coldBeats.push(await loadOnce(beats.page, `${app.baseUrl}${audioId}`, timeToWaveform));
  into.warmBeats.push(await loadOnce(beats.page, `${app.baseUrl}${audioId}`, timeToWaveform));
  await beats.context.close();
}

/** The aims' rows for `after` (this tree), with `before`'s medians and runs when there is one. */
function report({ audioId, searchTerm, otherType }, after, before) {
  const of = (runs, key) => runs.map((r) => r[key]);
  const longest = (figures) =>
    figures.coldList.map((r, i) => Math.max(r.longestTaskMs, figures.warmList[i].longestTaskMs));
  const row = (label, pick, unit, aim) => console.log(line(label, pick(after), unit, aim, before && pick(before)));
  const free = (label, pick, unit) => console.log(figure(label, pick(after), unit, before && pick(before)));
  row('/audios/ cold: rows visible', (f) => of(f.coldList, 'ms'), 'ms', 400);
  row('/audios/ warm: rows visible', (f) => of(f.warmList, 'ms'), 'ms', 250);
  row('/audios/ longest main-thread task (cold and warm)', longest, 'ms', 100);
  row('/audios/ script on the wire, cold', (f) => of(f.coldList, 'scriptKB'), 'KB', 350);
  row(`${audioId} cold: waveform drawn`, (f) => of(f.coldBeats, 'ms'), 'ms', 300);
  row('list → workspace link: waveform drawn', (f) => of(f.link, 'ms'), 'ms', 200);
  row(`search "${searchTerm}": rows shown after the answer`, (f) => f.search, 'ms', 150);
  row(`filter Audio Type ${otherType}: rows shown after the answer`, (f) => f.filter, 'ms', 150);
  row('scrolling the 100 rows: frames over 50 ms', (f) => f.scrollOver50, '', 0);
  row('scrolling the 100 rows: longest frame', (f) => f.scrollLongest, 'ms', 50);
  free('floor, cold: React alone, same request, rows visible', (f) => f.floor, 'ms');
  free("/audios/ cold: screen's first file asked for", (f) => of(f.coldList, 'screenStartMs'), 'ms');
  free(`${audioId} cold: screen's first file asked for`, (f) => of(f.coldBeats, 'screenStartMs'), 'ms');
  console.log('details:');
  console.log(summarise('/audios/ cold: rows after', after.coldList));
  console.log(summarise('/audios/ warm: rows after', after.warmList));
  console.log(summarise(`${audioId} cold: waveform after`, after.coldBeats));
  console.log(summarise(`${audioId} warm: waveform after`, after.warmBeats));
  console.log(summarise('list → workspace link: waveform after', after.link));
}

async function main() {
  // Everything built first, so no build runs beside the loads being timed.
  const built = spawnSync(process.execPath, [path.join(ROOT, 'scripts/build.mjs'), '--if-stale'], {
    cwd: ROOT,
    stdio: 'inherit',
  });
  if (built.status !== 0) throw new Error('the build failed');
  const beforeTree = AGAINST ? checkOutBefore(AGAINST) : null;
  const apps = [];
  const floor = await buildFloorPage();
  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    headless: true,
    args: ['--disable-gpu', '--disable-dev-shm-usage', '--no-first-run', '--disable-background-networking'],
  });
  try {
    // One app at a time seeds its catalog and draws its peaks, then both stand idle between loads.
    for (const root of beforeTree ? [ROOT, beforeTree.dir] : [ROOT]) {
      const app = await startApp(root);
      apps.push({ app, setup: await prepare(browser, app), figures: noFigures() });
    }
    for (let run = 0; run < RUNS; run++) {
      // Turn by turn, the first of each round alternating, so neither build always loads first.
      const order = run % 2 === 0 ? apps : [...apps].reverse();
      for (const { app, setup, figures } of order) await measureRound(browser, app, setup, floor, figures);
    }
    const [after, before] = apps;
    console.log(
      `web: Chromium ${VIEWPORT.width}×${VIEWPORT.height}, medians of ${RUNS} loads, localhost` +
        (before ? `; before = ${AGAINST}, after = this tree, loads taking turns` : ''),
    );
    report(after.setup, after.figures, before?.figures);
  } finally {
    await browser.close();
    for (const { app } of apps) await app.stop();
    beforeTree?.remove();
    floor.remove();
  }
}

await main();
