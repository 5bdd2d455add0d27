import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const ROOT = join(__dirname, '..');

describe('npm run create-admin', () => {
  it('writes to the database of the data directory npm start uses (DATA_DIR) and says which', () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'curator-create-admin-'));
    try {
      const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dataDir, ADMIN_PASSWORD: 'create-admin-pass-1' };
      delete env.MONGODB_URI;
      const res = spawnSync(process.execPath, [join(ROOT, 'scripts/create-admin.mjs'), '--username', 'alice'], {
        cwd: ROOT,
        env,
        encoding: 'utf8',
        timeout: 120_000,
      });
      expect(res.stderr).toBe('');
      expect(res.stdout).toContain(`Database: the embedded database in ${join(dataDir, 'db')}`);
      expect(res.stdout).toContain('Admin alice created.');
      expect(existsSync(join(dataDir, 'db'))).toBe(true);
      const again = spawnSync(process.execPath, [join(ROOT, 'scripts/create-admin.mjs'), '--username', 'alice'], {
        cwd: ROOT,
        env,
        encoding: 'utf8',
        timeout: 120_000,
      });
      expect(again.stdout).toContain('User alice is now an admin with the new password.');
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  }, 240_000);
});
