#!/usr/bin/env node
// Load run: a scratch embedded database seeded with the demo catalog, the built API, and N logged-in
// sessions (default 100) mixing list reads, workspace reads and beat writes (create + PUT at its
// version, on the one audio each session has open in its workspace, whose lock it takes first as
// the workspace does) for D seconds (default 60); then the same against two API workers on one port
// (API_WORKERS=2), and against two separate API processes on the same database behind a round-robin
// proxy in this process (which costs this process's CPU too), to show the API is stateless. Each setup
// starts from the same freshly seeded catalog (a database of its own). Loopback only.
// Each run also prints the database commands per kind of request (and how many are writes, which the
// embedded database runs one at a time) and the CPU each request cost the API, the database and this process.
//   node scripts/bench-load.mjs [seconds] [sessions]   (or BENCH_LOAD_SECONDS / BENCH_LOAD_SESSIONS)
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';

import { Agent, request } from 'undici';

import { API_NODE_FLAGS } from './lib/api-node-flags.cjs';
import { BENCH_PASSWORD, percentile } from './lib/bench-http.mjs';
import { buildNodeIfStale } from './lib/build-node.mjs';

const ROOT = path.join(path.dirname(fileURLToPath(import.meta.url)), '..');
const require = createRequire(import.meta.url);
const DURATION_S = Number(process.argv[2] ?? process.env.BENCH_LOAD_SECONDS ?? 60);
const SESSIONS = Number(process.argv[3] ?? process.env.BENCH_LOAD_SESSIONS ?? 100);
const AUDIOS = Number(process.env.BENCH_LOAD_AUDIOS ?? 300); // the demo catalog `npm start` seeds
const USERS = 10;
const REQUEST_TIMEOUT_MS = 30_000;
// BENCH_LOAD_API_MAIN=path runs another build of the API (a before/after comparison in one run of this script).
const API_MAIN = path.resolve(ROOT, process.env.BENCH_LOAD_API_MAIN ?? 'api/dist/main.js');
// The embedded database listens on a Unix socket, as under `npm start`; BENCH_LOAD_DB=tcp puts it on loopback TCP.
const DB_OVER_TCP = process.env.BENCH_LOAD_DB === 'tcp';

const pick = (xs) => xs[Math.floor(Math.random() * xs.length)];

/**
 * CPU time (ms, user + system) of the processes `pids` and all their descendants, read from /proc (Linux; NaN
 * elsewhere). Where a request's CPU goes on a saturated machine says more than its latency.
 */
function cpuMsOfTrees(pids) {
  if (!fs.existsSync('/proc/self/stat')) return NaN;
  const ticksPerMs = 100 / 1000; // USER_HZ is 100 on Linux
  const stats = [];
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      // Fields after the command's closing parenthesis: state ppid … utime (12th) stime (13th).
      const text = fs.readFileSync(`/proc/${entry}/stat`, 'utf8');
      const rest = text.slice(text.lastIndexOf(')') + 2).split(' ');
      stats.push({ pid: Number(entry), ppid: Number(rest[1]), ticks: Number(rest[11]) + Number(rest[12]) });
    } catch {
      // The process ended while listed.
    }
  }
  const inTree = new Set(pids);
  for (let grew = true; grew;) {
    grew = false;
    for (const p of stats) {
      if (inTree.has(p.pid) || !inTree.has(p.ppid)) continue;
      inTree.add(p.pid);
      grew = true;
    }
  }
  return stats.filter((p) => inTree.has(p.pid)).reduce((sum, p) => sum + p.ticks, 0) / ticksPerMs;
}

/**
 * The load's HTTP client: undici's request on kept-alive connections. The load shares the machine's cores
 * with the API and the database it measures; with fetch (the same client wrapped in WHATWG streams and
 * Headers) it took 0.55 ms of CPU per request, with request 0.23 ms.
 */
const client = new Agent({
  keepAliveTimeout: 60_000,
  headersTimeout: REQUEST_TIMEOUT_MS,
  bodyTimeout: REQUEST_TIMEOUT_MS,
});

/** One browser: its cookies, and the CSRF header on writes. */
// The anti-forgery cookie, header and methods as the API checks them (in shared's build, which main() makes first),
// read once: the requests are this process's hot path, and its CPU is measured.
let csrfRules;
const csrf = () => (csrfRules ??= require(path.join(ROOT, 'shared/dist/contract/csrf.js')));

class Session {
  constructor(baseUrl) {
    this.baseUrl = baseUrl;
    this.jar = new Map();
  }
  async request(method, url, body) {
    // As a browser asks: the API compresses its larger answers (lists) for it, as it would for staff.
    const headers = {
      cookie: [...this.jar].map(([k, v]) => `${k}=${v}`).join('; '),
      'accept-encoding': 'br, gzip',
    };
    if (body !== undefined) headers['content-type'] = 'application/json';
    const { CSRF_COOKIE_NAME, CSRF_HEADER_NAME, needsCsrfToken } = csrf();
    if (needsCsrfToken(method)) headers[CSRF_HEADER_NAME.toLowerCase()] = this.jar.get(CSRF_COOKIE_NAME) ?? '';
    const res = await request(this.baseUrl + url, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
      dispatcher: client,
    });
    const setCookie = res.headers['set-cookie'];
    for (const c of setCookie === undefined ? [] : [setCookie].flat()) {
      const [pair] = c.split(';');
      const eq = pair.indexOf('=');
      this.jar.set(pair.slice(0, eq), pair.slice(eq + 1));
    }
    const raw = Buffer.from(await res.body.arrayBuffer());
    const encoding = res.headers['content-encoding'];
    const text = (encoding === 'br' ? brotliDecompressSync(raw) : encoding === 'gzip' ? gunzipSync(raw) : raw).toString(
      'utf8',
    );
    return {
      status: res.statusCode,
      body: text ? JSON.parse(text) : null,
      commands: Number(res.headers['x-db-commands'] ?? NaN),
      commandList: res.headers['x-db-command-list'] ?? '',
    };
  }
  async login(username) {
    await this.request('GET', '/api/health/');
    const res = await this.request('POST', '/api/auth/login/', { username, password: BENCH_PASSWORD });
    if (res.status !== 200) throw new Error(`login ${username}: ${res.status} ${JSON.stringify(res.body)}`);
  }
}

const LIST_FILTERS = [
  {},
  { audio_type: 'music' },
  { audio_type: 'music', reel_count_min: '10', trendlist: 'trending', sort_by: 'growth', sort_dir: 'desc' },
  { q: 'neon' },
  { has_stem: 'false', available_templates_min: '1' },
  { skip: '100' },
  { tags: 'bad' },
];

/** Commands the embedded database runs one at a time (its write lock): what a burst of writes queues on. */
const WRITE_COMMANDS = /^(insert|update|delete|findAndModify)\b/;

/** The measured mix; every request's time goes into `stats`, anything unexpected is an error. */
async function runSession(session, pool, deadline, stats, own) {
  const timed = async (kind, method, url, body, expected) => {
    const t = process.hrtime.bigint();
    let res;
    try {
      res = await session.request(method, url, body);
    } catch (err) {
      stats.errors.push(
        `${kind} ${method} ${url}: ${err.name} (${[err.code, err.message].filter(Boolean).join(': ')})`,
      );
      return null;
    } finally {
      const ms = Number(process.hrtime.bigint() - t) / 1e6;
      stats.times.push(ms);
      (stats.kinds[kind] ??= []).push(ms);
    }
    if (method === 'PUT' && res.status === expected) stats.saveCommands.push(res.commands);
    const names = res.commandList.split(' ').filter(Boolean);
    const perKind = (stats.commands[kind] ??= { requests: 0, commands: 0, writes: 0 });
    perKind.requests++;
    perKind.commands += names.length;
    perKind.writes += names.filter((n) => WRITE_COMMANDS.test(n)).length;
    if (res.status !== expected)
      stats.errors.push(`${kind} ${method} ${url}: ${res.status} ${JSON.stringify(res.body).slice(0, 120)}`);
    return res.status === expected ? res.body : null;
  };
  // The workspace takes its audio's lock on opening and refreshes it every 10 s.
  let lockedAt = 0;
  while (Date.now() < deadline) {
    if (Date.now() - lockedAt > 10_000) {
      lockedAt = Date.now();
      await timed('lock', 'POST', `/api/audio/${own.id}/lock/`, {}, 200);
    }
    const roll = Math.random();
    const audio = roll < 0.75 ? pick(pool) : own;
    if (roll < 0.4) {
      await timed('list', 'GET', `/api/audio/?${new URLSearchParams(pick(LIST_FILTERS))}`, undefined, 200);
    } else if (roll < 0.75) {
      await timed('workspace', 'GET', `/api/audio/${audio.id}/`, undefined, 200);
      await timed('workspace', 'GET', `/api/beats/?music_canonical_id=${audio.id}`, undefined, 200);
      await timed('workspace', 'GET', `/api/templates/?music_canonical_id=${audio.id}`, undefined, 200);
    } else {
      const startS = audio.is_original_sound ? 0 : Math.max(0, ...audio.highlight_start_times_in_ms.slice(0, 1)) / 1000;
      const offsets = [startS + 1, startS + 2.5, startS + 4 + Math.round(Math.random() * 100) / 100];
      const made = await timed(
        'write',
        'POST',
        '/api/beats/',
        { music_canonical_id: audio.id, audio_type: audio.is_original_sound ? 'original_sound' : 'music', offsets },
        201,
      );
      if (made) {
        await timed(
          'save',
          'PUT',
          `/api/beats/${made.id}/`,
          {
            name: `${made.name} v1`,
            music_canonical_id: audio.id,
            audio_type: made.audio_type,
            done: false,
            type: 'manual',
            offsets: [...offsets, startS + 6],
            version: made.version,
          },
          200,
        );
      }
    }
  }
}

/** The built API as its own process on a free loopback port; waits for health (startup on a loaded machine can be slow). */
async function startApi(uri, env) {
  const { findFreePort } = require(path.join(ROOT, 'e2e/harness/api-process.cjs'));
  const port = await findFreePort();
  // BENCH_LOAD_API_LOG=file appends every instance's request log there (to see where time goes).
  const log = process.env.BENCH_LOAD_API_LOG ? fs.openSync(process.env.BENCH_LOAD_API_LOG, 'a') : 'ignore';
  const child = spawn(process.execPath, [...API_NODE_FLAGS, API_MAIN], {
    cwd: ROOT,
    env: { ...process.env, ...env, PORT: String(port), MONGODB_URI: uri, WEB_ROOT: ROOT },
    stdio: ['ignore', log, 'inherit'],
  });
  const exited = new Promise((resolve) => child.once('exit', resolve));
  const api = {
    baseUrl: `http://127.0.0.1:${port}`,
    pid: child.pid,
    stop: async () => {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
      await exited;
      clearTimeout(timer);
    },
  };
  for (const deadline = Date.now() + 180_000; Date.now() < deadline; await new Promise((r) => setTimeout(r, 250))) {
    if (child.exitCode !== null) throw new Error(`API exited with code ${child.exitCode}`);
    if (
      await fetch(`${api.baseUrl}/api/health/`).then(
        (r) => r.ok,
        () => false,
      )
    )
      return api;
  }
  await api.stop();
  throw new Error('API did not become healthy within 180 s');
}

/** Round-robin HTTP proxy on 127.0.0.1 in front of the given API base URLs. */
function startProxy(targets) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 256 });
  let next = 0;
  const server = http.createServer((req, res) => {
    const target = new URL(targets[next++ % targets.length]);
    const send = (retried) => {
      const upstream = http.request(
        { host: target.hostname, port: target.port, method: req.method, path: req.url, headers: req.headers, agent },
        (up) => {
          res.writeHead(up.statusCode, up.headers);
          up.pipe(res);
        },
      );
      upstream.on('error', (err) => {
        // A kept-alive socket the API closed as it was reused: a read is sent again once (Node's advice for reusedSocket).
        if (!retried && upstream.reusedSocket && req.method === 'GET' && !res.headersSent) return send(true);
        if (!res.headersSent) res.writeHead(502, { 'content-type': 'application/json' });
        res.end(
          JSON.stringify({
            detail: `Bad gateway: ${err.code ?? err.message}${upstream.reusedSocket ? ' (reused socket)' : ''}`,
          }),
        );
      });
      if (req.method === 'GET') upstream.end();
      else req.pipe(upstream);
    };
    send(false);
  });
  // As the API does (configure-app.ts): a kept-alive connection the load reuses just as Node's default
  // 5 s idle timeout closes it fails that request ("other side closed").
  server.keepAliveTimeout = 65_000;
  server.headersTimeout = 66_000;
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () =>
      resolve({
        url: `http://127.0.0.1:${server.address().port}`,
        close: () =>
          new Promise((r) => {
            agent.destroy();
            server.close(r);
          }),
      }),
    ),
  );
}

async function loadRun(label, baseUrl, pool, cpuPids) {
  const sessions = [];
  for (let i = 0; i < SESSIONS; i++) {
    const s = new Session(baseUrl);
    await s.login(`bench${i % USERS}`);
    sessions.push(s);
  }
  const stats = { times: [], errors: [], kinds: {}, saveCommands: [], commands: {} };
  const started = Date.now();
  const deadline = started + DURATION_S * 1000;
  const cpuBefore = { api: cpuMsOfTrees(cpuPids.api), db: cpuMsOfTrees(cpuPids.db), load: process.cpuUsage() };
  await Promise.all(sessions.map((s, i) => runSession(s, pool, deadline, stats, pool[i % pool.length])));
  const elapsedS = (Date.now() - started) / 1000;
  const load = process.cpuUsage(cpuBefore.load);
  const cpu = {
    api: cpuMsOfTrees(cpuPids.api) - cpuBefore.api,
    db: cpuMsOfTrees(cpuPids.db) - cpuBefore.db,
    load: (load.user + load.system) / 1000,
  };
  const sorted = stats.times.sort((a, b) => a - b);
  const row = {
    label,
    requests: sorted.length,
    rps: sorted.length / elapsedS,
    p50: percentile(sorted, 50),
    p95: percentile(sorted, 95),
    p99: percentile(sorted, 99),
    errors: stats.errors.length,
    cpuPerRequest: Object.fromEntries(Object.entries(cpu).map(([k, ms]) => [k, ms / sorted.length])),
    saveCommands: stats.saveCommands.length ? Math.max(...stats.saveCommands) : NaN,
    saveCommandsMean: stats.saveCommands.reduce((a, b) => a + b, 0) / stats.saveCommands.length,
    saveP50: percentile(
      (stats.kinds.save ?? []).sort((a, b) => a - b),
      50,
    ),
    mix: Object.fromEntries(
      Object.entries(stats.kinds).map(([k, xs]) => [
        k,
        {
          n: xs.length,
          p50: Math.round(
            percentile(
              xs.sort((a, b) => a - b),
              50,
            ),
          ),
        },
      ]),
    ),
  };
  console.log(`  ${label}: ${row.requests} requests in ${elapsedS.toFixed(1)} s`);
  const perKind = Object.entries(stats.commands).map(
    ([kind, c]) => `${kind} ${(c.commands / c.requests).toFixed(1)} (${(c.writes / c.requests).toFixed(1)} writes)`,
  );
  console.log(`  database commands per request: ${perKind.join(', ')}`);
  if (stats.errors.length) console.log(`  first errors:\n    ${[...new Set(stats.errors)].slice(0, 8).join('\n    ')}`);
  return row;
}

async function main() {
  buildNodeIfStale();
  const { startFerretDb } = require(path.join(ROOT, 'tools/ferretdb.cjs'));
  const { seedDemoCatalog } = require(path.join(ROOT, 'api/dist/catalog-seed/seed-demo-catalog.js'));
  const { ensureDemoAdmin } = require(path.join(ROOT, 'api/dist/users/admin-bootstrap.js'));
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'curator-bench-load-'));
  const db = await startFerretDb({ dataDir: path.join(tmp, 'db'), ...(DB_OVER_TCP ? { listen: '127.0.0.1:0' } : {}) });
  const mediaDir = path.join(tmp, 'media');
  const env = {
    MEDIA_DIR: mediaDir,
    DB_COMMAND_COUNT: '1',
    LOG_LEVEL: process.env.BENCH_LOAD_API_LOG ? 'info' : 'silent',
  };
  const apis = [];
  const rows = [];
  // Each setup runs on a catalog of its own, freshly seeded: the beats an earlier run wrote (thousands)
  // would make every later setup's reads and writes dearer, and the comparison unfair.
  let catalogs = 0;
  const freshCatalog = async () => {
    const uri = `${db.uri}bench_load_${++catalogs}`;
    const t = Date.now();
    await seedDemoCatalog({
      mongodbUri: uri,
      mediaDir,
      cacheDir: path.join(ROOT, 'data', 'demo-cache'),
      count: AUDIOS,
    });
    await ensureDemoAdmin({ mongodbUri: uri, username: 'bench-admin', password: BENCH_PASSWORD });
    console.log(`seeded ${AUDIOS} audios with templates and reels in ${((Date.now() - t) / 1000).toFixed(1)} s`);
    return uri;
  };
  /** The bench's users, made through the API, and the audios as the workspace reads them. */
  const usersAndPool = async (baseUrl) => {
    const admin = new Session(baseUrl);
    await admin.login('bench-admin');
    for (let i = 0; i < USERS; i++)
      await admin.request('POST', '/api/users/', { username: `bench${i}`, password: BENCH_PASSWORD, admin: false });
    const ids = (await admin.request('GET', '/api/audio/')).body.results.map((a) => a.id);
    const pool = [];
    for (const id of ids) pool.push((await admin.request('GET', `/api/audio/${id}/`)).body);
    return pool;
  };
  const pidsOf = (list) => ({ api: list.map((a) => a.pid), db: [db.pid] });
  try {
    console.log(
      `${SESSIONS} sessions for ${DURATION_S} s each run; database over ${DB_OVER_TCP ? 'TCP' : 'a Unix socket'}`,
    );
    let uri = await freshCatalog();
    apis.push(await startApi(uri, env));
    rows.push(await loadRun('1 API instance', apis[0].baseUrl, await usersAndPool(apis[0].baseUrl), pidsOf(apis)));
    await apis.shift().stop();
    // Two workers of one API (API_WORKERS=2): the first process hands each connection to a worker.
    uri = await freshCatalog();
    apis.push(await startApi(uri, { ...env, API_WORKERS: '2' }));
    rows.push(await loadRun('2 workers, 1 port', apis[0].baseUrl, await usersAndPool(apis[0].baseUrl), pidsOf(apis)));
    await apis.shift().stop();
    // Two separate API processes behind a round-robin proxy that runs in this (the load's) process.
    uri = await freshCatalog();
    apis.push(await startApi(uri, env), await startApi(uri, env));
    const pool = await usersAndPool(apis[0].baseUrl);
    const proxy = await startProxy(apis.map((a) => a.baseUrl));
    try {
      rows.push(await loadRun('2 behind a proxy', proxy.url, pool, pidsOf(apis)));
    } finally {
      await proxy.close();
    }
  } finally {
    await Promise.all(apis.map((a) => a.stop()));
    await db.stop();
    fs.rmSync(tmp, { recursive: true, force: true });
  }
  const f = (n) => n.toFixed(1).padStart(8);
  console.log(
    `\n${'setup'.padEnd(20)} | requests |   req/s |     p50 |     p95 |     p99 | errors | save p50 | db commands per save (mean, max) | CPU ms per request: API, database, load`,
  );
  console.log('-'.repeat(158));
  for (const r of rows)
    console.log(
      `${r.label.padEnd(20)} | ${String(r.requests).padStart(8)} |${f(r.rps)} |${f(r.p50)} |${f(r.p95)} |${f(r.p99)} | ${String(r.errors).padStart(6)} |${f(r.saveP50)} | ${`${r.saveCommandsMean.toFixed(1)}, ${r.saveCommands}`.padEnd(32)} | ${[r.cpuPerRequest.api, r.cpuPerRequest.db, r.cpuPerRequest.load].map((ms) => ms.toFixed(2)).join(', ')}`,
    );
  console.log(`(milliseconds; mix per run: ${rows.map((r) => JSON.stringify(r.mix)).join(' / ')})`);
  // The load aims (issue "The persistence wing as a real boundary": 100 sessions, 60 s), against the one-instance run.
  const [one, ...others] = rows;
  console.log(`1 API instance: p95 ${one.p95.toFixed(1)} ms (aim < 250 ms), errors ${one.errors} (aim 0)`);
  for (const r of others) {
    const aim = r.label.includes('workers') ? ' (aim ≥ 1.0×)' : '';
    console.log(`${r.label}: ${(r.rps / one.rps).toFixed(3)}× the req/s of 1 API instance${aim}`);
  }
  process.exit(rows.some((r) => r.errors > 0) ? 1 : 0);
}

main().catch((err) => {
  console.error(err.stack ?? err.message);
  process.exit(1);
});
