#!/usr/bin/env node
// npm run import -- --audios a.jsonl --templates t.jsonl --reels r.jsonl [--media-root DIR]
// Loads the catalog from JSON Lines (formats: docs/import-format.md) into MONGODB_URI, else the
// running embedded database of `npm start`, else a private one over ./data/db. Media go to
// MEDIA_DIR (default ./data/media). Exit code 0: all lines imported; 3: some lines were skipped;
// 1: a fatal error (a file that cannot be read, no database); 2: wrong options.
import { statSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';

import { buildNodeIfStale } from './lib/build-node.mjs';
import { createProgressBar } from './lib/progress-bar.mjs';

const ROOT = path.join(path.dirname(fileURLToPath(import.meta.url)), '..');
// `npm run` runs the script in the project's folder: the paths on its command line are the caller's, from the
// folder npm was started in (INIT_CWD), as with `node scripts/import.mjs` from there.
const CALLER_DIR = process.env.INIT_CWD ?? process.cwd();
const require = createRequire(import.meta.url);
const DATA = require('../tools/ferretdb.cjs').dataRoot();

function usage(message) {
  if (message) console.error(message);
  console.error(
    'Usage: npm run import -- [--audios a.jsonl] [--templates t.jsonl] [--reels r.jsonl] [--media-root DIR]',
  );
  process.exit(2);
}

function fatal(message) {
  console.error(message);
  process.exit(1);
}

function readOptions() {
  const { values } = parseArgs({
    options: {
      audios: { type: 'string' },
      templates: { type: 'string' },
      reels: { type: 'string' },
      'media-root': { type: 'string' },
    },
  });
  const files = {};
  for (const kind of ['audios', 'templates', 'reels']) {
    if (!values[kind]) continue;
    files[kind] = path.resolve(CALLER_DIR, values[kind]);
    const info = statSync(files[kind], { throwIfNoEntry: false });
    if (!info) fatal(`No such file: ${files[kind]}`);
    if (!info.isFile()) fatal(`Not a file: ${files[kind]}`);
  }
  if (Object.keys(files).length === 0) usage('Give at least one of --audios, --templates, --reels');
  const mediaRoot = path.resolve(CALLER_DIR, values['media-root'] ?? (files.audios ? path.dirname(files.audios) : '.'));
  return { files, mediaRoot };
}

async function main() {
  const { files, mediaRoot } = readOptions();
  buildNodeIfStale();
  const { countLines } = require(path.join(ROOT, 'api/dist/import/jsonl-reader.js'));
  const { runImport } = require(path.join(ROOT, 'api/dist/import/run-import.js'));
  const { connectOrStartEmbedded } = require(path.join(ROOT, 'tools/ferretdb.cjs'));
  const totals = Object.fromEntries(await Promise.all(Object.values(files).map(async (f) => [f, await countLines(f)])));
  const bar = createProgressBar();
  const db = await connectOrStartEmbedded(DATA);
  console.log(`Database: ${db.where}`);
  try {
    const report = await runImport({
      mongodbUri: db.uri,
      mediaDir: path.resolve(ROOT, process.env.MEDIA_DIR ?? path.join(DATA, 'media')),
      mediaRoot,
      ...files,
      progress: ({ file, processed }) => bar.update(path.basename(file), processed, totals[file]),
    });
    bar.done();
    for (const p of report.problems) console.error(`${path.relative(process.cwd(), p.file)}:${p.line}: ${p.message}`);
    for (const f of report.files)
      console.log(`${path.relative(process.cwd(), f.file)}: ${f.imported} imported, ${f.skipped} skipped`);
    console.log(`Counters recomputed for ${report.recountedAudios} audios.`);
    if (report.problems.length) process.exitCode = 3;
  } finally {
    await db.stop();
  }
}

main().catch((err) => {
  console.error(err.message);
  process.exit(1);
});
