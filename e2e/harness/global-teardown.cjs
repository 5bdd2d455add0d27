'use strict';
const fs = require('node:fs');

module.exports = async function teardown() {
  const state = globalThis.__CURATOR_E2E__;
  if (!state) return;
  await state.api.stop();
  await state.db.stop();
  fs.rmSync(state.dataDir, { recursive: true, force: true });
};
