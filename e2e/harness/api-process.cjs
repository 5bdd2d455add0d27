'use strict';
// Runs the built API (api/dist/main.js) as its own process, the way `npm start` does.
const { spawn } = require('node:child_process');
const net = require('node:net');
const path = require('node:path');

const { API_NODE_FLAGS } = require('../../scripts/lib/api-node-flags.cjs');

const ROOT = path.join(__dirname, '..', '..');

function findFreePort() {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

async function waitForHealth(baseUrl, child, timeoutMs) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`API exited with code ${child.exitCode}`);
    try {
      const res = await fetch(`${baseUrl}/api/health/`);
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`API did not become healthy within ${timeoutMs} ms`);
}

function spawnNode(script, env, flags = []) {
  const child = spawn(process.execPath, [...flags, path.join(ROOT, script)], {
    cwd: ROOT,
    env,
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const exited = new Promise((resolve) => child.once('exit', resolve));
  const stop = async () => {
    if (child.exitCode === null) child.kill('SIGTERM');
    await exited;
  };
  return { child, stop };
}

/**
 * Starts the API on a free port (or `port`) and, unless `withWorker` is false, one analysis worker
 * with the same environment, as `npm start` does. Resolves when /api/health/ answers (a large
 * catalog on the embedded database can take minutes: pass a longer `healthTimeoutMs`).
 */
async function startApi({ mongodbUri, port, env = {}, withWorker = true, healthTimeoutMs = 30000 }) {
  const apiPort = port ?? (await findFreePort());
  const processEnv = {
    ...process.env,
    PORT: String(apiPort),
    MONGODB_URI: mongodbUri,
    WEB_ROOT: ROOT,
    LOG_LEVEL: 'error',
    ...env,
  };
  const api = spawnNode('api/dist/main.js', processEnv, API_NODE_FLAGS);
  const worker = withWorker ? spawnNode('api/dist/worker.js', processEnv) : undefined;
  const child = api.child;
  const baseUrl = `http://127.0.0.1:${apiPort}`;
  await waitForHealth(baseUrl, child, healthTimeoutMs);
  return {
    baseUrl,
    port: apiPort,
    pid: child.pid,
    stop: async () => {
      await Promise.all([api.stop(), worker?.stop()]);
    },
  };
}

module.exports = { startApi, findFreePort };
