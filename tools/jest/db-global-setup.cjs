'use strict';
// Starts one real FerretDB for the API test files; each file uses its own database name.
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const { startFerretDb } = require('../ferretdb.cjs');

module.exports = async function setup() {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'curator-test-db-'));
  const db = await startFerretDb({ dataDir });
  process.env.TEST_MONGODB_URI = db.uri;
  globalThis.__CURATOR_TEST_DB__ = { ...db, dataDir };
};
