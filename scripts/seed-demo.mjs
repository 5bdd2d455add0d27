#!/usr/bin/env node
// node scripts/seed-demo.mjs [--if-empty] [--count 300]
// Seeds the demo catalog (synthesised playable audio, templates, reels, tags) into an EMPTY
// catalog: MONGODB_URI, else the running embedded database of `npm start`, else a private one
// over ./data/db. Media go to MEDIA_DIR (default ./data/media); synthesised files are cached in
// ./data/demo-cache, so a second seed skips the synthesis. --if-empty: a filled catalog is fine.
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';

import { buildNodeIfStale } from './lib/build-node.mjs';

const ROOT = path.join(path.dirname(fileURLToPath(import.meta.url)), '..');
const require = createRequire(import.meta.url);
const DATA = require('../tools/ferretdb.cjs').dataRoot();

async function main() {
  const { values } = parseArgs({
    options: { 'if-empty': { type: 'boolean' }, count: { type: 'string', default: '300' } },
  });
  const count = Number(values.count);
  if (!Number.isInteger(count) || count < 1) throw new Error('--count must be a whole number ≥ 1');
  buildNodeIfStale();
  const { seedDemoCatalog } = require(path.join(ROOT, 'api/dist/catalog-seed/seed-demo-catalog.js'));
  const { connectOrStartEmbedded } = require(path.join(ROOT, 'tools/ferretdb.cjs'));
  const db = await connectOrStartEmbedded(DATA);
  console.log(`Database: ${db.where}`);
  try {
    const result = await seedDemoCatalog({
      mongodbUri: db.uri,
      mediaDir: path.resolve(ROOT, process.env.MEDIA_DIR ?? path.join(DATA, 'media')),
      cacheDir: path.join(DATA, 'demo-cache'),
      count,
      log: (line) => console.log(line),
    });
    if (result.seeded) {
      console.log(
        `Demo catalog: ${result.audios} audios, ${result.templates} templates, ${result.reels} reels in ${(result.ms / 1000).toFixed(1)} s`,
      );
    } else if (values['if-empty']) {
      console.log('The catalog has audios already: no demo seed.');
    } else {
      throw new Error('The catalog is not empty: the demo seed only fills an empty one.');
    }
  } finally {
    await db.stop();
  }
}

main().catch((err) => {
  console.error(err.message);
  process.exit(1);
});
