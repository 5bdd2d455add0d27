import { execFileSync } from 'node:child_process';
import path from 'node:path';

const ROOT = path.join(__dirname, '..', '..');

/**
 * Fills the e2e database with the demo catalog (playable synthesised media) through the real seed
 * command; a catalog that earlier files of the run already filled is left as it is.
 */
export function seedDemoCatalogWithCommand(): void {
  execFileSync(process.execPath, [path.join(ROOT, 'scripts/seed-demo.mjs'), '--if-empty'], {
    cwd: ROOT,
    env: { ...process.env, MONGODB_URI: process.env.E2E_MONGODB_URI },
    stdio: ['ignore', 'ignore', 'inherit'],
    timeout: 300_000,
  });
}
