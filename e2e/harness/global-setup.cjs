'use strict';
// Builds what is stale, then starts a real FerretDB and the built API (serving the built front ends)
// on free ports. The tests read where it runs from E2E_BASE_URL / E2E_MONGODB_URI.
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
  const api = await startApi({ mongodbUri });
  process.env.E2E_BASE_URL = api.baseUrl;
  process.env.E2E_MONGODB_URI = mongodbUri;
  globalThis.__CURATOR_E2E__ = { db, api, dataDir };
};
