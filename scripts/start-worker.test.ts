import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const ROOT = join(__dirname, '..');

const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });

/** Resolves once `read()` is truthy, checking every 100 ms; rejects after `ms`. */
async function eventually<T>(read: () => T, ms: number, what: string): Promise<NonNullable<T>> {
  for (const deadline = Date.now() + ms; Date.now() < deadline;) {
    const value = read();
    if (value) return value;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`${what} within ${ms / 1000} s`);
}

/** The pids of `npm start`'s analysis workers (its children running api/dist/worker.js). */
const workerPids = (parent: number) =>
  execFileSync('ps', ['-o', 'pid=,args=', '--ppid', String(parent)], { encoding: 'utf8' })
    .split('\n')
    .filter((line) => line.includes('api/dist/worker.js'))
    .map((line) => Number(line.trim().split(/\s+/)[0]));

describe('npm start', () => {
  let child: ChildProcess | undefined;
  const dataDir = mkdtempSync(join(tmpdir(), 'curator-start-'));

  afterAll(async () => {
    if (child?.pid && child.exitCode === null) {
      const exited = new Promise((r) => child!.once('exit', r));
      process.kill(-child.pid, 'SIGTERM'); // the whole group: the API, the worker, the demo seed
      await exited;
    }
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('starts the analysis worker again when it dies, and says so', async () => {
    const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dataDir, PORT: String(await freePort()) };
    delete env.MONGODB_URI;
    env.LOG_LEVEL = 'error';
    child = spawn(process.execPath, [join(ROOT, 'scripts/start.mjs')], {
      cwd: ROOT,
      env,
      detached: true,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    let err = '';
    child.stdout!.on('data', (chunk) => (out += chunk));
    child.stderr!.on('data', (chunk) => (err += chunk));
    await eventually(() => out.includes('is running at'), 90_000, 'npm start was not ready');
    const [first] = await eventually(() => workerPids(child!.pid!), 10_000, 'no analysis worker ran');

    process.kill(first, 'SIGKILL');

    await eventually(
      () => err.includes('The analysis worker stopped (SIGKILL); a new one starts in 1 s.'),
      10_000,
      'the stop was not reported',
    );
    const [second] = await eventually(
      () => workerPids(child!.pid!).filter((pid) => pid !== first),
      15_000,
      'no new analysis worker ran',
    );
    expect(second).not.toBe(first);
  }, 150_000);
});
