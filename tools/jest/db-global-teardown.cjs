'use strict';
const fs = require('node:fs');

module.exports = async function teardown() {
  const db = globalThis.__CURATOR_TEST_DB__;
  if (!db) return;
  await db.stop();
  fs.rmSync(db.dataDir, { recursive: true, force: true });
};
