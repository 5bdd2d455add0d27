import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import { join } from 'node:path';

import { type EmbeddedDb, startFerretDb } from './helpers/embedded-db';

/** GOMAXPROCS the running server was started with (Linux: its environment in /proc). */
function goThreadsOf(pid: number): string | undefined {
  const entries = readFileSync(`/proc/${pid}/environ`, 'utf8').split('\0');
  return entries.find((e) => e.startsWith('GOMAXPROCS='))?.slice('GOMAXPROCS='.length);
}

/** Starts the embedded server with EMBEDDED_DB_PROCS set to `procs` (unset for undefined); stops it after `check`. */
async function withServer(procs: string | undefined, check: (db: EmbeddedDb) => void): Promise<void> {
  const saved = process.env.EMBEDDED_DB_PROCS;
  const dataDir = mkdtempSync(join(tmpdir(), 'curator-db-threads-'));
  if (procs === undefined) delete process.env.EMBEDDED_DB_PROCS;
  else process.env.EMBEDDED_DB_PROCS = procs;
  try {
    const db = await startFerretDb({ dataDir });
    try {
      check(db);
    } finally {
      await db.stop();
    }
  } finally {
    if (saved === undefined) delete process.env.EMBEDDED_DB_PROCS;
    else process.env.EMBEDDED_DB_PROCS = saved;
    rmSync(dataDir, { recursive: true, force: true });
  }
}

describe('the threads the embedded database runs on', () => {
  it('are half the cores (at least one) unless EMBEDDED_DB_PROCS says how many', async () => {
    await withServer(undefined, (db) =>
      expect(goThreadsOf(db.pid)).toBe(String(Math.max(1, Math.floor(availableParallelism() / 2)))),
    );
    await withServer('3', (db) => expect(goThreadsOf(db.pid)).toBe('3'));
  });

  it('refuses an EMBEDDED_DB_PROCS that is not a whole number above 0, naming it', async () => {
    for (const bad of ['0', '-1', '1.5', 'two'])
      await expect(withServer(bad, () => undefined)).rejects.toThrow(
        `EMBEDDED_DB_PROCS must be a whole number above 0, not "${bad}"`,
      );
  });
});
