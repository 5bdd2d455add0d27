import { spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const ROOT = join(__dirname, '..');

describe('npm start on a port another program listens on', () => {
  let other: Server;
  let port = 0;
  const dataDir = mkdtempSync(join(tmpdir(), 'curator-start-port-'));

  beforeAll(async () => {
    other = createServer();
    await new Promise<void>((resolve) => other.listen(0, () => resolve()));
    const address = other.address();
    port = typeof address === 'object' && address ? address.port : 0;
  });
  afterAll(async () => {
    await new Promise((resolve) => other.close(resolve));
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('stops at once, names the port, and starts nothing', async () => {
    const child = spawn(process.execPath, [join(ROOT, 'scripts/start.mjs')], {
      cwd: ROOT,
      env: { ...process.env, PORT: String(port), DATA_DIR: dataDir, LOG_LEVEL: 'error' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout!.on('data', (chunk) => (output += chunk));
    child.stderr!.on('data', (chunk) => (output += chunk));
    const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
    expect(code).toBe(1);
    expect(output).toContain(`port ${port} is in use`);
    expect(output).not.toContain('is running at');
    // No database was started in the data directory.
    expect(readdirSync(dataDir)).toEqual([]);
  }, 20_000);
});
