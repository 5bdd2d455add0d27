#!/usr/bin/env node
// Benchmark of GET /api/audio/ on the embedded database: seeds 10,000 and 100,000 audios in a
// scratch FerretDB, starts the built API against each, and prints p50/p95 over HTTP (logged in)
// beside the same find + count issued with the MongoDB driver. BENCH_SIZES=10000,100000 and
// BENCH_SAMPLES=N (per query; default 20, at most 5 above 20,000 audios) change the run.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { buildNodeIfStale } from './lib/build-node.mjs';

const ROOT = path.join(path.dirname(fileURLToPath(import.meta.url)), '..');
const require = createRequire(import.meta.url);
const SIZES = (process.env.BENCH_SIZES ?? '10000,100000').split(',').map(Number);
const QUERIES = {
  'default listing': {},
  '3 filters + growth sort': { audio_type: 'music', reel_count_min: '10', trendlist: 'trending', sort_by: 'growth', sort_dir: 'desc' },
  'name search': { q: 'neon' },
};
const PASSWORD = 'bench-password-1';

const percentile = (xs, p) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.ceil((p / 100) * xs.length) - 1)];

async function timeIt(samples, fn) {
  await fn(); // warm-up
  const times = [];
  for (let i = 0; i < samples; i++) {
    const t = process.hrtime.bigint();
    await fn();
    times.push(Number(process.hrtime.bigint() - t) / 1e6);
  }
  return { p50: percentile(times, 50), p95: percentile(times, 95) };
}

/** Logs in over HTTP like the browser: csrftoken cookie, then the session cookie. */
async function login(baseUrl) {
  const jar = new Map();
  const keep = (res) => {
    for (const c of res.headers.getSetCookie()) {
      const [pair] = c.split(';');
      const [k, v] = pair.split('=');
      jar.set(k, v);
    }
  };
  keep(await fetch(`${baseUrl}/api/health/`));
  const cookie = () => [...jar].map(([k, v]) => `${k}=${v}`).join('; ');
  const res = await fetch(`${baseUrl}/api/auth/login/`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'X-CSRFToken': jar.get('csrftoken'), cookie: cookie() },
    body: JSON.stringify({ username: 'bench', password: PASSWORD }),
  });
  if (!res.ok) throw new Error(`login failed: ${res.status}`);
  keep(res);
  return cookie();
}

/** The API's own filter builder, run through the driver: find one page and count, in parallel. */
function driverQuery(db, params) {
  const { AudioListQuerySchema } = require(path.join(ROOT, 'shared/dist/contract/index.js'));
  const { buildAudioListFilter, buildAudioListSort } = require(path.join(ROOT, 'api/dist/audios/audio-list-filter.js'));
  const q = AudioListQuerySchema.parse(params);
  const filter = buildAudioListFilter(q);
  const sort = buildAudioListSort(q);
  const audios = db.collection('audios');
  return () => Promise.all([audios.find(filter).sort(sort).skip(0).limit(100).toArray(), audios.countDocuments(filter)]);
}

async function benchSize(db, size, tmp) {
  const { seedDemoCatalog } = require(path.join(ROOT, 'api/dist/catalog-seed/seed-demo-catalog.js'));
  const { ensureDemoAdmin } = require(path.join(ROOT, 'api/dist/users/admin-bootstrap.js'));
  const { startApi } = require(path.join(ROOT, 'e2e/harness/api-process.cjs'));
  const { MongoClient } = require(path.join(ROOT, 'node_modules/mongodb'));
  const uri = `${db.uri}bench_${size}`;
  const mediaDir = path.join(tmp, 'media');
  let t = Date.now();
  await seedDemoCatalog({ mongodbUri: uri, mediaDir, cacheDir: path.join(ROOT, 'data', 'demo-cache'), count: size, withRelated: false });
  console.log(`seeded ${size} audios in ${((Date.now() - t) / 1000).toFixed(1)} s`);
  await ensureDemoAdmin({ mongodbUri: uri, username: 'bench', password: PASSWORD });
  const api = await startApi({ mongodbUri: uri, env: { MEDIA_DIR: mediaDir, LOG_LEVEL: 'silent' } });
  const client = await MongoClient.connect(uri);
  const samples = Number(process.env.BENCH_SAMPLES ?? (size > 20000 ? 5 : 20));
  const rows = [];
  try {
    const cookie = await login(api.baseUrl);
    for (const [name, params] of Object.entries(QUERIES)) {
      const url = `${api.baseUrl}/api/audio/?${new URLSearchParams(params)}`;
      const http = await timeIt(samples, async () => {
        const res = await fetch(url, { headers: { cookie } });
        if (!res.ok) throw new Error(`${url}: ${res.status}`);
        await res.json();
      });
      const driver = await timeIt(samples, driverQuery(client.db(), params));
      rows.push({ size, name, http, driver });
      console.log(`  ${name}: measured`);
    }
  } finally {
    await client.close();
    await api.stop();
  }
  return rows;
}

function printTable(rows) {
  const f = (n) => n.toFixed(1).padStart(8);
  console.log(`\n${'audios'.padStart(7)} | ${'query'.padEnd(24)} | API p50 | API p95 | drv p50 | drv p95 | API/drv p50`);
  console.log('-'.repeat(96));
  for (const r of rows) {
    console.log(`${String(r.size).padStart(7)} | ${r.name.padEnd(24)} |${f(r.http.p50)} |${f(r.http.p95)} |${f(r.driver.p50)} |${f(r.driver.p95)} | ${(r.http.p50 / r.driver.p50).toFixed(2).padStart(6)}`);
  }
  console.log('(milliseconds; driver = the same find(100) + count, in parallel, as the API issues them)');
}

async function main() {
  buildNodeIfStale();
  const { startFerretDb } = require(path.join(ROOT, 'tools/ferretdb.cjs'));
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'curator-bench-'));
  const db = await startFerretDb({ dataDir: path.join(tmp, 'db') });
  const rows = [];
  try {
    for (const size of SIZES) rows.push(...(await benchSize(db, size, tmp)));
  } finally {
    await db.stop();
    fs.rmSync(tmp, { recursive: true, force: true });
  }
  printTable(rows);
}

main().catch((err) => {
  console.error(err.stack ?? err.message);
  process.exit(1);
});
