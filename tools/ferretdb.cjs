'use strict';
// Builds and starts the embedded FerretDB (api/ferretdb). Used by `npm start`, the test harness
// and the benchmarks, so every one of them runs against the same real server.
const { spawn, spawnSync } = require('node:child_process');
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const readline = require('node:readline');

const SRC_DIR = path.join(__dirname, '..', 'api', 'ferretdb');
const BINARY = path.join(SRC_DIR, 'bin', 'ferretdb');
const GO_ENV = { ...process.env, GOTOOLCHAIN: 'local', GOFLAGS: '-mod=readonly' };
/**
 * The released modules we build patched: each file under `overlay` replaces the file at the same path
 * in the module (see the notice at the top of each file); `copy` is the patched module the build reads.
 */
const PATCHED_MODULES = [
  // FerretDB itself: its SQLite backend, document decoding, projection and resource tracking.
  { module: 'github.com/FerretDB/FerretDB', overlay: '_overlay', copy: 'ferretdb-module' },
  // Its wire protocol package: a debug build's check of every message it sends.
  { module: 'github.com/FerretDB/wire', overlay: '_overlay-wire', copy: 'wire-module' },
].map(({ module, overlay, copy }) => ({
  module,
  overlay: path.join(SRC_DIR, overlay),
  copy: path.join(SRC_DIR, 'bin', copy),
}));

/** Files under dir, recursively, as absolute paths. */
const filesUnder = (dir) =>
  fs
    .readdirSync(dir, { recursive: true })
    .map((f) => path.join(dir, f))
    .filter((f) => fs.statSync(f).isFile());
const sources = () => [
  ...fs
    .readdirSync(SRC_DIR)
    .filter((f) => /\.go$|^go\.(mod|sum)$/.test(f))
    .map((f) => path.join(SRC_DIR, f)),
  ...PATCHED_MODULES.flatMap(({ overlay }) => filesUnder(overlay)),
];

/**
 * Our patched copy of one released module for the build: the module from the Go module cache with each
 * file under its overlay laid over the same path. Returns the copy's directory.
 */
function patchModule({ module, overlay, copy }) {
  const res = spawnSync('go', ['mod', 'download', '-json', module], {
    cwd: SRC_DIR,
    env: GO_ENV,
    encoding: 'utf8',
  });
  if (res.status !== 0) throw new Error(`go mod download ${module} failed: ${res.stderr || res.stdout}`);
  const released = JSON.parse(res.stdout).Dir;
  fs.rmSync(copy, { recursive: true, force: true });
  fs.cpSync(released, copy, { recursive: true });
  // The module cache is read-only; the copy must not be, or the next build could not replace it.
  for (const entry of [copy, ...fs.readdirSync(copy, { recursive: true }).map((f) => path.join(copy, f))])
    fs.chmodSync(entry, fs.statSync(entry).isDirectory() ? 0o755 : 0o644);
  for (const file of filesUnder(overlay)) {
    const target = path.join(copy, path.relative(overlay, file));
    if (!fs.existsSync(target)) throw new Error(`${file} replaces ${target}, which the module does not have`);
    fs.copyFileSync(file, target);
  }
  return copy;
}

/**
 * The patched modules (PATCHED_MODULES) wired into the build through a generated module file with a
 * `replace` directive for each, so the committed go.mod and go.sum stay those of the released modules.
 * Returns the `-modfile` to build with.
 */
function preparePatchedModules() {
  const replaces = PATCHED_MODULES.map((patched) => `replace ${patched.module} => ${patchModule(patched)}\n`);
  const modfile = path.join(SRC_DIR, 'bin', 'go.mod');
  fs.writeFileSync(modfile, `${fs.readFileSync(path.join(SRC_DIR, 'go.mod'), 'utf8')}\n${replaces.join('')}`);
  fs.copyFileSync(path.join(SRC_DIR, 'go.sum'), path.join(SRC_DIR, 'bin', 'go.sum'));
  return modfile;
}

function hasGo() {
  return spawnSync('go', ['version'], { stdio: 'ignore' }).status === 0;
}

/** Builds the binary when it is missing or older than its sources. Throws with a clear message. */
function ensureFerretDbBinary({ log = console.log } = {}) {
  const built = fs.existsSync(BINARY) ? fs.statSync(BINARY).mtimeMs : 0;
  if (built && sources().every((f) => fs.statSync(f).mtimeMs <= built)) return BINARY;
  if (!hasGo()) {
    throw new Error(
      'The embedded database needs Go to build (https://go.dev/doc/install), ' +
        'or set MONGODB_URI to point the API at a MongoDB deployment.',
    );
  }
  log('Building the embedded database (FerretDB) with Go; the first build takes about a minute...');
  const res = spawnSync('go', ['build', `-modfile=${preparePatchedModules()}`, '-o', BINARY, '.'], {
    cwd: SRC_DIR,
    stdio: ['ignore', 'inherit', 'inherit'],
    env: GO_ENV,
  });
  if (res.status !== 0) throw new Error(`go build of ${SRC_DIR} failed (exit ${res.status})`);
  return BINARY;
}

/**
 * Threads the embedded server runs Go code on (GOMAXPROCS): EMBEDDED_DB_PROCS, else half the cores, at least one.
 * It shares the machine with the API, and it runs its writes one at a time anyway: on 2 cores, Go's default (one
 * per core) cost the server about 45 % more CPU per request under load with two API processes, and nearly doubled their p95.
 */
function embeddedDbProcs() {
  const asked = process.env.EMBEDDED_DB_PROCS;
  if (asked === undefined || asked === '') return Math.max(1, Math.floor(os.availableParallelism() / 2));
  if (!/^[1-9]\d*$/.test(asked)) throw new Error(`EMBEDDED_DB_PROCS must be a whole number above 0, not "${asked}"`);
  return Number(asked);
}

/**
 * Go's garbage collector for the embedded server, unless GOGC or GOMEMLIMIT is set: a collection when
 * the heap has grown to five times what the last one kept (GOGC=400) rather than twice (Go's default),
 * and more often only as the heap nears an eighth of the machine's memory (at least 512 MiB). The
 * server decodes every document it reads from JSON into short-lived objects; under the load bench its
 * collector took about a third of its CPU, and with this a third less CPU per request went to the
 * server, for about 80 MB of memory instead of 55. The limit grows with the machine because what the
 * server must hold grows with the catalog: a read holds its whole answer as stored, about 4 KB an
 * audio, and a limit under that makes the collector run without pause (with 512 MiB, four reads of
 * 30,000 audios side by side took 15 s instead of 10 s).
 */
function garbageCollection() {
  if (process.env.GOGC !== undefined || process.env.GOMEMLIMIT !== undefined) return {};
  const limitMiB = Math.max(512, Math.floor(os.totalmem() / 8 / 2 ** 20));
  return { GOGC: '400', GOMEMLIMIT: `${limitMiB}MiB` };
}

/**
 * The socket of the embedded server: inside its data directory (made 0700 by the server), or, when
 * that path is too long for a Unix socket, in a new private (0700) directory under the temp dir.
 */
function socketPathFor(dataDir) {
  const inData = path.join(path.resolve(dataDir), 'ferretdb.sock');
  if (Buffer.byteLength(inData) <= 100) return inData;
  return path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'curator-db-')), 'ferretdb.sock');
}

/**
 * Starts FerretDB with its files in `dataDir`, listening on a Unix socket in a private directory
 * (`socket`, by default inside `dataDir`), or on the TCP address `listen` when one is given (tests
 * that need a port). Resolves once it accepts connections. The server exits when this process exits
 * (it watches its stdin pipe). `exited` resolves with how it ended.
 * @returns {Promise<{ uri: string, pid: number, socket?: string, exited: Promise<{ code: number | null, signal: string | null }>, stop: () => Promise<void> }>}
 */
function startFerretDb({ dataDir, listen, socket, logLevel = 'error' } = {}) {
  const binary = ensureFerretDbBinary();
  fs.mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  const unix = listen ? undefined : (socket ?? socketPathFor(dataDir));
  const where = listen ? ['-listen', listen] : ['-unix', unix];
  // Every commit synced to disk at once only when asked (see README "How the embedded database is protected").
  const synchronous = process.env.EMBEDDED_DB_SYNCHRONOUS === 'full' ? 'full' : 'normal';
  const args = [...where, '-data', dataDir, '-watch-stdin', '-log-level', logLevel, '-synchronous', synchronous];
  const child = spawn(binary, args, {
    stdio: ['pipe', 'pipe', 'inherit'],
    env: { ...process.env, GOMAXPROCS: String(embeddedDbProcs()), ...garbageCollection() },
  });
  const exited = new Promise((resolve) => child.once('exit', (code, signal) => resolve({ code, signal })));
  return new Promise((resolve, reject) => {
    const lines = readline.createInterface({ input: child.stdout });
    const fail = (code) => reject(new Error(`FerretDB exited before it was ready (code ${code})`));
    child.once('exit', fail);
    child.once('error', reject);
    lines.once('line', (line) => {
      child.off('exit', fail);
      const { uri } = JSON.parse(line);
      resolve({
        uri,
        pid: child.pid,
        socket: unix,
        exited,
        stop: async () => {
          if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
          await exited;
        },
      });
    });
  });
}

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/**
 * Runs the embedded server under supervision: when it dies it is started again on the same socket
 * (so clients reconnect by themselves), with a log line each time it stops and each time it is
 * back. When `maxAttempts` starts in a row fail, or it died `maxAttempts` times within `windowMs`,
 * it is left down and `onGiveUp(error)` is called (the caller exits non-zero).
 * @returns {Promise<{ uri: string, socket: string, pid: () => number, stop: () => Promise<void> }>}
 */
/** How long a cleanly exited server waits before it counts as a death to restart from. */
const CLEAN_EXIT_GRACE_MS = 500;

async function superviseFerretDb({
  dataDir,
  logLevel,
  log = console.log,
  warn = console.error,
  onGiveUp,
  maxAttempts = 5,
  windowMs = 60_000,
}) {
  const socket = socketPathFor(dataDir);
  let current = await startFerretDb({ dataDir, socket, logLevel });
  let stopping = false;
  const deaths = [];
  const watch = (db) =>
    void db.exited.then(async ({ code, signal }) => {
      // A clean exit is the server answering a SIGINT or SIGTERM, often the one a terminal's Ctrl-C
      // or a service manager sent the whole process group: give this process's own handler the
      // moment it needs to say it is stopping too.
      if (code === 0 && !stopping) await sleep(CLEAN_EXIT_GRACE_MS);
      if (stopping) return;
      const downAt = Date.now();
      deaths.push(downAt);
      while (deaths.length && deaths[0] < downAt - windowMs) deaths.shift();
      warn(`The embedded database stopped (${signal ?? `exit ${code}`}); restarting it.`);
      if (deaths.length >= maxAttempts) {
        onGiveUp(new Error(`it stopped ${deaths.length} times within ${windowMs / 1000} s`));
        return;
      }
      for (let attempt = 1; ; attempt += 1) {
        try {
          current = await startFerretDb({ dataDir, socket, logLevel });
          break;
        } catch (error) {
          warn(`Restarting the embedded database failed (attempt ${attempt} of ${maxAttempts}): ${error.message}`);
          if (attempt >= maxAttempts) {
            onGiveUp(error);
            return;
          }
          await sleep(250 * attempt);
          if (stopping) return;
        }
      }
      if (stopping) {
        await current.stop();
        return;
      }
      log(`The embedded database is back (pid ${current.pid}) after ${((Date.now() - downAt) / 1000).toFixed(1)} s.`);
      watch(current);
    });
  watch(current);
  return {
    uri: current.uri,
    socket,
    pid: () => current.pid,
    /** From now on a server that ends is not started again (the caller stops it later). */
    expectStop: () => {
      stopping = true;
    },
    stop: async () => {
      stopping = true;
      await current.stop();
    },
  };
}

module.exports = { ensureFerretDbBinary, startFerretDb, superviseFerretDb, hasGo };

const EMBEDDED_STATE = (dataRoot) => path.join(dataRoot, 'ferretdb.json');

function isAlive(pid) {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/**
 * Records where the embedded server of `npm start` listens, for commands run beside it (its socket,
 * reachable by this user only; the file itself is 0600).
 */
function recordEmbeddedServer(dataRoot, db) {
  const file = EMBEDDED_STATE(dataRoot);
  fs.writeFileSync(file, JSON.stringify({ uri: db.uri, pid: process.pid }) + '\n', { mode: 0o600 });
  fs.chmodSync(file, 0o600);
}

/**
 * The database a command should use: MONGODB_URI when set, the running embedded server of
 * `npm start` when there is one, otherwise a private embedded server over the same files.
 * @returns {Promise<{ uri: string, stop: () => Promise<void> }>} uri without a database name
 */
async function connectOrStartEmbedded(dataRoot) {
  if (process.env.MONGODB_URI)
    return {
      uri: process.env.MONGODB_URI,
      where: `MONGODB_URI (${redactUri(process.env.MONGODB_URI)})`,
      stop: async () => {},
    };
  const stateFile = EMBEDDED_STATE(dataRoot);
  if (fs.existsSync(stateFile)) {
    const state = JSON.parse(fs.readFileSync(stateFile, 'utf8'));
    if (isAlive(state.pid))
      return {
        uri: `${state.uri}${DEFAULT_DB_NAME}`,
        where: `the running embedded database of npm start (${path.join(dataRoot, 'db')})`,
        stop: async () => {},
      };
  }
  const db = await startFerretDb({ dataDir: path.join(dataRoot, 'db') });
  return {
    uri: `${db.uri}${DEFAULT_DB_NAME}`,
    where: `the embedded database in ${path.join(dataRoot, 'db')}`,
    stop: db.stop,
  };
}

/** A connection string without its password, to print. */
function redactUri(uri) {
  return uri.replace(/\/\/([^:/@]+):[^@/]*@/, '//$1:***@');
}

/** The data directory every command shares with `npm start`: DATA_DIR, else ./data under the repository. */
function dataRoot() {
  return path.resolve(path.join(__dirname, '..'), process.env.DATA_DIR ?? 'data');
}

const DEFAULT_DB_NAME = 'curator';

module.exports.recordEmbeddedServer = recordEmbeddedServer;
module.exports.connectOrStartEmbedded = connectOrStartEmbedded;
module.exports.dataRoot = dataRoot;
module.exports.DEFAULT_DB_NAME = DEFAULT_DB_NAME;
