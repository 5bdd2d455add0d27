'use strict';
// Builds what is stale, starts a real FerretDB, fills it with the demo catalog through the real seed
// command (as `npm start` does on an empty database), then starts the built API (serving the built
// front ends) on free ports. The tests read where it runs from E2E_BASE_URL / E2E_MONGODB_URI.
// Seeding here, before any file runs, keeps the files independent of the order jest picks.
const { execFileSync } = require('node:child_process');
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const { startFerretDb } = require('../../tools/ferretdb.cjs');
const { startApi } = require('./api-process.cjs');

const ROOT = path.join(__dirname, '..', '..');

module.exports = async function setup() {
  execFileSync(process.execPath, [path.join(ROOT, 'scripts/build.mjs'), '--if-stale'], { cwd: ROOT, stdio: 'inherit' });
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'curator-e2e-db-'));
  const db = await startFerretDb({ dataDir });
  const mongodbUri = `${db.uri}e2e`;
  // The API, its worker and the seed command all store media here, not in the developer's ./data.
  process.env.MEDIA_DIR = path.join(dataDir, 'media');
  execFileSync(process.execPath, [path.join(ROOT, 'scripts/seed-demo.mjs')], {
    cwd: ROOT,
    env: { ...process.env, MONGODB_URI: mongodbUri },
    stdio: ['ignore', 'ignore', 'inherit'],
    timeout: 300_000,
  });
  const api = await startApi({ mongodbUri });
  process.env.E2E_BASE_URL = api.baseUrl;
  process.env.E2E_MONGODB_URI = mongodbUri;
  globalThis.__CURATOR_E2E__ = { db, api, dataDir };
};
