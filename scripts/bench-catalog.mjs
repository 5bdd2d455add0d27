#!/usr/bin/env node
// Benchmark of GET /api/audio/ on the embedded database: seeds 10,000 and 100,000 audios in a
// scratch FerretDB, starts the built API against each (which keeps the list in memory there) and
// prints p50/p95 over HTTP (logged in), also for a list read right after a write, beside the same
// find + count issued straight to the database with the MongoDB driver: what the list costs
// without the in-memory copy. BENCH_SIZES=10000,100000 and BENCH_SAMPLES=N (per query; default
// 20, 5 above 20,000 audios) change the run; the direct queries (seconds to minutes each) take at
// most 5 samples, 3 above 20,000 audios.
import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

import { BENCH_PASSWORD, login, startupDone, timeIt } from './lib/bench-http.mjs';
import { buildNodeIfStale } from './lib/build-node.mjs';

const ROOT = path.join(path.dirname(fileURLToPath(import.meta.url)), '..');
const require = createRequire(import.meta.url);
const SIZES = (process.env.BENCH_SIZES ?? '10000,100000').split(',').map(Number);
const QUERIES = {
  'default listing': {},
  '3 filters + growth sort': {
    audio_type: 'music',
    reel_count_min: '10',
    trendlist: 'trending',
    sort_by: 'growth',
    sort_dir: 'desc',
  },
  'name search': { q: 'neon' },
};

/** The API's own filter builder, run through the driver: find one page and count, in parallel. */
function driverQuery(db, params) {
  const { AudioListQuerySchema } = require(path.join(ROOT, 'shared/dist/contract/index.js'));
  const { buildAudioListFilter, buildAudioListSort } = require(path.join(ROOT, 'api/dist/audios/audio-list-filter.js'));
  const q = AudioListQuerySchema.parse(params);
  const filter = buildAudioListFilter(q);
  const sort = buildAudioListSort(q);
  const audios = db.collection('audios');
  return () =>
    Promise.all([audios.find(filter).sort(sort).skip(0).limit(100).toArray(), audios.countDocuments(filter)]);
}

async function benchSize(db, size, tmp) {
  const { seedDemoCatalog } = require(path.join(ROOT, 'api/dist/catalog-seed/seed-demo-catalog.js'));
  const { ensureDemoAdmin } = require(path.join(ROOT, 'api/dist/users/admin-bootstrap.js'));
  const { startApi } = require(path.join(ROOT, 'e2e/harness/api-process.cjs'));
  const { MongoClient } = require(path.join(ROOT, 'node_modules/mongodb'));
  const uri = `${db.uri}bench_${size}`;
  const mediaDir = path.join(tmp, 'media');
  let t = Date.now();
  await seedDemoCatalog({
    mongodbUri: uri,
    mediaDir,
    cacheDir: path.join(ROOT, 'data', 'demo-cache'),
    count: size,
    withRelated: false,
  });
  console.log(`seeded ${size} audios in ${((Date.now() - t) / 1000).toFixed(1)} s`);
  await ensureDemoAdmin({ mongodbUri: uri, username: 'bench', password: BENCH_PASSWORD });
  t = Date.now();
  const api = await startApi({
    mongodbUri: uri,
    env: { MEDIA_DIR: mediaDir, LOG_LEVEL: process.env.BENCH_LOG_LEVEL ?? 'silent' },
  });
  const client = await MongoClient.connect(uri);
  const samples = Number(process.env.BENCH_SAMPLES ?? (size > 20000 ? 5 : 20));
  const directSamples = Math.min(samples, size > 20000 ? 3 : 5);
  const rows = [];
  try {
    const { cookie, csrf } = await login(api.baseUrl, 'bench', BENCH_PASSWORD);
    const list = async (params) => {
      const res = await fetch(`${api.baseUrl}/api/audio/?${new URLSearchParams(params)}`, { headers: { cookie } });
      if (!res.ok) throw new Error(`GET /api/audio/: ${res.status}`);
      return res.json();
    };
    const first = await list({});
    console.log(
      `  API started and answered its first list (${first.total} audios) in ${((Date.now() - t) / 1000).toFixed(1)} s`,
    );
    console.log(`  its start-up reads were done after ${((await startupDone(api.baseUrl, t)) / 1000).toFixed(1)} s`);
    for (const [name, params] of Object.entries(QUERIES)) {
      const http = await timeIt(samples, () => list(params));
      const direct = await timeIt(directSamples, driverQuery(client.db(), params));
      rows.push({ size, name, http, direct });
      console.log(`  ${name}: measured`);
    }
    // A write (here a tag on one audio) makes the next list apply the change and sort again.
    const ids = first.results.map((r) => r.id);
    let n = 0;
    const afterWrite = await timeIt(samples, async () => {
      const id = ids[n++ % ids.length];
      const res = await fetch(`${api.baseUrl}/api/audio/${id}/taggify/`, {
        method: 'POST',
        headers: { cookie, 'X-CSRFToken': csrf, 'content-type': 'application/json' },
        body: JSON.stringify({ tags: [`bench ${n}`] }),
      });
      if (!res.ok) throw new Error(`taggify: ${res.status}`);
      const started = process.hrtime.bigint();
      await list({});
      return Number(process.hrtime.bigint() - started) / 1e6;
    });
    rows.push({ size, name: 'default, after a tag write', http: afterWrite, direct: null });
  } finally {
    await client.close();
    await api.stop();
  }
  return rows;
}

function printTable(rows) {
  const f = (n) => (n === undefined ? '-' : n.toFixed(1)).padStart(9);
  console.log(
    `\n${'audios'.padStart(7)} | ${'query'.padEnd(27)} |  API p50 |  API p95 |   DB p50 |   DB p95 | API/DB p50`,
  );
  console.log('-'.repeat(100));
  for (const r of rows) {
    const ratio = r.direct ? (r.http.p50 / r.direct.p50).toFixed(3) : '-';
    console.log(
      `${String(r.size).padStart(7)} | ${r.name.padEnd(27)} |${f(r.http.p50)} |${f(r.http.p95)} |${f(r.direct?.p50)} |${f(r.direct?.p95)} | ${ratio.padStart(9)}`,
    );
  }
  console.log(
    '(milliseconds over HTTP, logged in; DB = the same find(100) + count sent straight to the database with the driver,',
  );
  console.log(
    ' in parallel: the database path of the list, which the API leaves for its in-memory copy on the embedded database)',
  );
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
