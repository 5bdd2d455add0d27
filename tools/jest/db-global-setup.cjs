'use strict';
// Starts one real FerretDB for the API test files; each file uses its own database name.
const { execFileSync } = require('node:child_process');
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const { startFerretDb } = require('../ferretdb.cjs');

const ROOT = path.join(__dirname, '..', '..');

module.exports = async function setup() {
  // Tests that start the API as its own process run the built API and shared/dist (what `node` resolves
  // @curator/shared/domain to): built again here when their sources are newer, so they never test old code.
  execFileSync(
    process.execPath,
    ['--input-type=module', '-e', "(await import('./scripts/build.mjs')).buildServer({ ifStale: true })"],
    { cwd: ROOT, stdio: 'inherit' },
  );
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'curator-test-db-'));
  const db = await startFerretDb({ dataDir });
  process.env.TEST_MONGODB_URI = db.uri;
  globalThis.__CURATOR_TEST_DB__ = { ...db, dataDir };
};
