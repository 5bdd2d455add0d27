// `npm start`: builds what is missing, starts the embedded database (unless MONGODB_URI is set),
// the API serving every front end on one port, and prints the URL and, on a new embedded
// database, the demo login.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

import { buildServer, buildWebApps, REMOTE_APPS } from './build.mjs';
import { API_NODE_FLAGS } from './lib/api-node-flags.cjs';
import { keepRunning } from './lib/keep-running.mjs';

const ROOT = path.join(path.dirname(fileURLToPath(import.meta.url)), '..');
const require = createRequire(import.meta.url);
const DATA = require('../tools/ferretdb.cjs').dataRoot();
const { hasGo, superviseFerretDb, recordEmbeddedServer, DEFAULT_DB_NAME } = require('../tools/ferretdb.cjs');
const PORT = Number(process.env.PORT ?? 8080);
const embedded = !process.env.MONGODB_URI;

if (embedded && !hasGo()) {
  console.error(
    'No database: install Go (https://go.dev/doc/install) to run the embedded database, ' +
      'or set MONGODB_URI to point at a MongoDB deployment.',
  );
  process.exit(1);
}

/**
 * Fails at once when another program (often another copy of the app) listens on PORT: its health
 * answer would otherwise be taken for this API's, which then could not start.
 */
function assertPortFree(port) {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', (error) =>
      reject(
        error.code === 'EADDRINUSE'
          ? new Error(`port ${port} is in use (another copy of the app?); stop it or set PORT to another port`)
          : error,
      ),
    );
    probe.listen(port, () => probe.close(resolve));
  });
}

async function waitForHealth(url, child) {
  for (let i = 0; i < 600; i += 1) {
    if (child.exitCode !== null) throw new Error(`the API exited with code ${child.exitCode}`);
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('the API did not become healthy within 60 s');
}

/**
 * Runs a command to its end without blocking this process, which must keep watching the database
 * and the API meanwhile. Resolves with its exit status.
 */
function runToEnd(args, options) {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, args, { cwd: ROOT, stdio: 'inherit', ...options });
    child.once('error', () => resolve(1));
    child.once('exit', (code) => resolve(code ?? 1));
  });
}

/** On a new embedded database, creates the demo admin and remembers its generated password. */
async function ensureDemoLogin(mongodbUri) {
  const file = path.join(DATA, 'demo-login.json');
  if (!fs.existsSync(file)) {
    const login = { username: 'admin', password: randomBytes(9).toString('base64url') };
    fs.writeFileSync(file, JSON.stringify(login) + '\n', { mode: 0o600 });
  }
  const login = JSON.parse(fs.readFileSync(file, 'utf8'));
  const status = await runToEnd(
    [path.join(ROOT, 'scripts/create-admin.mjs'), '--username', login.username, '--if-no-users'],
    { env: { ...process.env, MONGODB_URI: mongodbUri, ADMIN_PASSWORD: login.password } },
  );
  if (status !== 0) throw new Error('creating the demo admin failed');
  return login;
}

/** Fills an empty embedded catalog with the demo audios (synthesised once, then cached in data/). */
async function seedDemoCatalogIfEmpty(env) {
  const status = await runToEnd([path.join(ROOT, 'scripts/seed-demo.mjs'), '--if-empty'], { env });
  if (status !== 0) console.error('The demo catalog could not be seeded (see above); the app runs without it.');
}

async function main() {
  const started = Date.now();
  await assertPortFree(PORT);
  // Private to this user: the database's files and socket, the media, the demo login.
  fs.mkdirSync(DATA, { recursive: true, mode: 0o700 });
  fs.chmodSync(DATA, 0o700);
  // The shell first: the login page must not wait for the four screens' builds.
  await buildServer({ ifStale: true });
  await buildWebApps(['shell'], { ifStale: true });

  let mongodbUri = process.env.MONGODB_URI;
  let db;
  // Set once the API and the worker run: what to stop when the database cannot come back.
  let giveUp = (error) => {
    console.error(`The embedded database cannot be restarted (${error.message}); stopping.`);
    process.exit(1);
  };
  if (embedded) {
    db = await superviseFerretDb({ dataDir: path.join(DATA, 'db'), onGiveUp: (error) => giveUp(error) });
    recordEmbeddedServer(DATA, db);
    mongodbUri = `${db.uri}${DEFAULT_DB_NAME}`;
  }

  const apiEnv = {
    ...process.env,
    PORT: String(PORT),
    MONGODB_URI: mongodbUri,
    WEB_ROOT: ROOT,
    MEDIA_DIR: process.env.MEDIA_DIR ?? path.join(DATA, 'media'),
  };
  const api = spawn(process.execPath, [...API_NODE_FLAGS, path.join(ROOT, 'api/dist/main.js')], {
    cwd: ROOT,
    env: apiEnv,
    stdio: 'inherit',
  });
  // One analysis worker (autobeat, peaks, stems) beside the API, same environment; more can run
  // elsewhere. One that stops (a crash, the database given up) is started again.
  const worker = keepRunning(
    () =>
      spawn(process.execPath, ['--enable-source-maps', path.join(ROOT, 'api/dist/worker.js')], {
        cwd: ROOT,
        env: apiEnv,
        stdio: 'inherit',
      }),
    (reason, delayS) => `The analysis worker stopped (${reason}); a new one starts in ${delayS} s.`,
  );
  const apiExited = () => (api.exitCode === null ? new Promise((r) => api.once('exit', r)) : null);
  const stopAll = async () => {
    // The database stays up for the worker's last write, and is not restarted when it ends.
    db?.expectStop();
    const workerStopped = worker.stop();
    api.kill('SIGTERM');
    // The worker finishes or hands back its job before the database goes away.
    await Promise.race([workerStopped, new Promise((r) => setTimeout(r, 25_000))]);
    await db?.stop();
    process.exit(0);
  };
  giveUp = async (error) => {
    console.error(`The embedded database cannot be restarted (${error.message}); stopping everything.`);
    api.removeAllListeners('exit');
    const workerStopped = worker.stop();
    api.kill('SIGTERM');
    await Promise.race([Promise.all([workerStopped, apiExited()]), new Promise((r) => setTimeout(r, 10_000))]);
    process.exit(1);
  };
  process.on('SIGINT', stopAll);
  process.on('SIGTERM', stopAll);
  api.on('exit', async (code) => {
    void worker.stop();
    await db?.stop();
    process.exit(code ?? 1);
  });

  await waitForHealth(`http://127.0.0.1:${PORT}/api/health/`, api);
  const login = embedded ? await ensureDemoLogin(mongodbUri) : undefined;
  console.log(
    `\nAudio Curation is running at http://localhost:${PORT}/ (ready in ${((Date.now() - started) / 1000).toFixed(1)} s)`,
  );
  if (login)
    console.log(
      `Demo login: ${login.username} / ${login.password}   (kept in ${path.relative(ROOT, path.join(DATA, 'demo-login.json'))})`,
    );
  if (embedded) await seedDemoCatalogIfEmpty(apiEnv);
  await buildWebApps(REMOTE_APPS, { ifStale: true });
}

main().catch((error) => {
  console.error(error.message);
  process.exit(1);
});
