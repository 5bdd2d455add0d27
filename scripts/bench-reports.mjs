#!/usr/bin/env node
// Benchmark of the reports' reads (segment stats, approvals, HL points, template figures, metrics) on the embedded database (and of
// the per-audio reads of a workspace beside them): writes a synthetic catalog (audios, ~2.5
// templates each, some approved) of 100,000 audios into a scratch FerretDB, starts the
// built API against it and prints p50/p95 over HTTP (logged in).
// BENCH_SIZES=10000,100000 and BENCH_SAMPLES=N (default 20, 5 above 20,000 audios) change the run.
import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

import { BENCH_PASSWORD, login, startupDone, timeIt } from './lib/bench-http.mjs';
import { buildNodeIfStale } from './lib/build-node.mjs';

const ROOT = path.join(path.dirname(fileURLToPath(import.meta.url)), '..');
const require = createRequire(import.meta.url);
const SIZES = (process.env.BENCH_SIZES ?? '100000').split(',').map(Number);
const TRENDS = ['trending', 'emerging', 'hyper', null, null, null];
const TAGS = ['bad', 'inside app', 'discovery app', 'chill'];
const QUERIES = [
  ['segment stats, no filter', '/api/segment/stats/'],
  [
    'segment stats, reel + clips filters',
    '/api/segment/stats/?reel_count_min=10&reel_count_max=300&template_clips_count_min=3&template_clips_count_max=12',
  ],
  ['approvals, first page', '/api/approvals/'],
  ['approvals, skip 5000', '/api/approvals/?skip=5000'],
  ['approvals, tag filter', '/api/approvals/?tags=chill'],
  ['HL points', '/api/hlpoints/'],
  // The two header lines of the Segments screen, and the metrics.
  ['templates from reels', '/api/templates/from_reels/'],
  ['templates count', '/api/templates/count/'],
  ['metrics', '/api/metrics/'],
  // What opening one audio's workspace reads, on the same catalog.
  ['workspace: audio detail', '/api/audio/b123/'],
  [
    'workspace: its templates',
    '/api/templates/?music_canonical_id=b123&exclude_not_started_at_highlight=true&exclude_disapproved=true',
  ],
  ['workspace: its beats', '/api/beats/?music_canonical_id=b123'],
  ['workspace: the top HL point', '/api/hlpoints/top/'],
];

function createRandom(seed) {
  let s = seed >>> 0;
  return () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = Math.imul(s ^ (s >>> 15), s | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * Audios and templates of audios `start`…`start + count − 1`. Each audio's
 * template figures are what the API's recount computes from its templates; its reel count is
 * drawn (the bench stores no reels: ~60 per audio would dwarf the rest).
 */
function generateChunk(start, count, now, computeAudioCounters) {
  const audios = [];
  const templates = [];
  let approvals = 0;
  for (let i = start; i < start + count; i++) {
    const r = createRandom(i + 1);
    const id = `b${i}`;
    const tags = TAGS.filter(() => r() < 0.08);
    const name = `Bench song ${i}`;
    audios.push({
      _id: id,
      music_canonical_id: id,
      audio_id: `a${i}`,
      audio_name: name,
      artist_name: `Artist ${i % 997}`,
      search_key: `${name}\nartist ${i % 997}`.toLowerCase(),
      media_url: null,
      media_hash: null,
      duration_ms: 30000,
      media_truth_path: null,
      is_original_sound: r() < 0.3,
      trendlist: TRENDS[Math.floor(r() * TRENDS.length)],
      track_meta: { first_seen_at: new Date(now - Math.floor(r() * 365) * 86_400_000) },
      growth: 0,
      reel_count: Math.floor(500 * r() ** 3),
      template_count_available: 0,
      available_clips_counts: [],
      templates_approved_count: 0,
      beats_done_count: 0,
      beat_and_template_approved: 0,
      ep_template_count: 0,
      eps: [],
      highlight_start_times_in_ms: [0, 5000],
      stem_status: null,
      stem_tracks: [],
      locked_by: null,
      lock_expires_at: null,
      tags,
      tag_keys: tags,
      created_at: new Date(now),
      updated_at: new Date(now),
    });
    const audio = audios[audios.length - 1];
    const firstTemplate = templates.length;
    for (let k = 0, n = Math.floor(r() * 6); k < n; k++) {
      const segments = Array.from({ length: 2 + Math.floor(r() * 11) }, () => ({
        duration_in_ms: 500 + Math.floor(r() * 2000),
      }));
      const decision = r();
      const approved = decision < 0.15 ? true : decision < 0.25 ? false : null;
      const tcId = `tc-${id}-${k}`;
      const length = segments.reduce((sum, s) => sum + s.duration_in_ms, 0);
      const approvedAt = approved ? new Date(now - Math.floor(r() * 90 * 86_400_000)) : null;
      templates.push({
        template_clips_media_id: tcId,
        music_canonical_id: id,
        code: `c${i}x${k}`,
        clips_count: 1 + Math.floor(r() * 20),
        segments_info: segments,
        segments_count: segments.length,
        segments_length_ms: length,
        audio_asset_start_time_in_ms: r() < 0.8 ? 0 : 1234,
        approved,
        approved_at: approvedAt,
        approved_by: approved ? 'bench' : null,
        created_at: new Date(now),
      });
      templates[templates.length - 1].started_at_highlight = audio.highlight_start_times_in_ms.includes(
        templates[templates.length - 1].audio_asset_start_time_in_ms,
      );
      if (approved) approvals++;
    }
    const {
      reel_count: _fromReels,
      growth: _growth,
      ...counters
    } = computeAudioCounters(audio, templates.slice(firstTemplate), [], new Date(now));
    Object.assign(audio, counters);
  }
  return { audios, templates, approvals };
}

async function seed(db, size) {
  const { computeAudioCounters } = require(path.join(ROOT, 'api/dist/audios/catalog-counters.js'));
  const now = Date.now();
  const written = { templates: 0, approvals: 0 };
  for (let start = 0; start < size; start += 2000) {
    const chunk = generateChunk(start, Math.min(2000, size - start), now, computeAudioCounters);
    await db.collection('audios').insertMany(chunk.audios, { ordered: false });
    if (chunk.templates.length) await db.collection('templates').insertMany(chunk.templates, { ordered: false });
    written.templates += chunk.templates.length;
    written.approvals += chunk.approvals;
  }
  return written;
}

async function benchSize(server, size, tmp) {
  const { ensureDemoAdmin } = require(path.join(ROOT, 'api/dist/users/admin-bootstrap.js'));
  const { startApi } = require(path.join(ROOT, 'e2e/harness/api-process.cjs'));
  const { MongoClient } = require(path.join(ROOT, 'node_modules/mongodb'));
  const uri = `${server.uri}bench_reports_${size}`;
  const env = { MEDIA_DIR: path.join(tmp, 'media'), LOG_LEVEL: process.env.BENCH_LOG_LEVEL ?? 'silent' };
  // As in a deployment, the API meets the empty database first: it declares its indexes, and the
  // embedded server builds its own beside them, before the data arrives (building them over
  // 250,000 templates later makes the first queries scan for seconds).
  const empty = await startApi({ mongodbUri: uri, env });
  await new Promise((resolve) => setTimeout(resolve, 3000));
  await empty.stop();
  const client = await MongoClient.connect(uri);
  const started = Date.now();
  const written = await seed(client.db(), size);
  await client.close();
  console.log(
    `seeded ${size} audios, ${written.templates} templates, ${written.approvals} approvals in ${((Date.now() - started) / 1000).toFixed(1)} s`,
  );
  await ensureDemoAdmin({ mongodbUri: uri, username: 'bench', password: BENCH_PASSWORD });
  const apiStarted = Date.now();
  const api = await startApi({ mongodbUri: uri, env, healthTimeoutMs: 600_000 });
  const samples = Number(process.env.BENCH_SAMPLES ?? (size > 20000 ? 5 : 20));
  const rows = [];
  try {
    const { cookie } = await login(api.baseUrl, 'bench', BENCH_PASSWORD);
    // The first reads after start wait for the in-memory lists (embedded database) to load.
    for (const [name, url] of [QUERIES[0], QUERIES[2]]) {
      const started = Date.now();
      const res = await fetch(`${api.baseUrl}${url}`, { headers: { cookie } });
      if (!res.ok) throw new Error(`${url}: ${res.status}`);
      await res.json();
      console.log(`  first ${name} after start: ${Date.now() - started} ms`);
    }
    // The rows below are timed once the start-up reads (the lists, the figures' checks) are done.
    console.log(`  start-up reads done ${await startupDone(api.baseUrl, apiStarted)} ms after the API's start`);
    for (const [name, url] of QUERIES) {
      const result = await timeIt(samples, async () => {
        const res = await fetch(`${api.baseUrl}${url}`, { headers: { cookie } });
        if (!res.ok) throw new Error(`${url}: ${res.status}`);
        await res.json();
      });
      rows.push({ size, name, ...result });
      console.log(`  ${name}: measured`);
    }
  } finally {
    await api.stop();
  }
  return rows;
}

async function main() {
  buildNodeIfStale();
  const { startFerretDb } = require(path.join(ROOT, 'tools/ferretdb.cjs'));
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'curator-bench-reports-'));
  const server = await startFerretDb({ dataDir: path.join(tmp, 'db') });
  const rows = [];
  try {
    for (const size of SIZES) rows.push(...(await benchSize(server, size, tmp)));
  } finally {
    await server.stop();
    fs.rmSync(tmp, { recursive: true, force: true });
  }
  const f = (n) => n.toFixed(1).padStart(9);
  console.log(`\n${'audios'.padStart(7)} | ${'query'.padEnd(36)} |   p50 ms |   p95 ms`);
  console.log('-'.repeat(70));
  for (const r of rows) console.log(`${String(r.size).padStart(7)} | ${r.name.padEnd(36)} |${f(r.p50)} |${f(r.p95)}`);
}

main().catch((err) => {
  console.error(err.stack ?? err.message);
  process.exit(1);
});
