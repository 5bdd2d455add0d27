// Builds shared and the API with swc when their sources are newer than the last build, for the
// commands that run the compiled API code outside `npm start` (import, demo seed, bench).
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

import { isFresh, writeStamp } from './freshness.mjs';

const ROOT = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', '..');

export function buildNodeIfStale() {
  for (const workspace of ['shared', 'api']) {
    const stamp = path.join(ROOT, workspace, 'dist', '.stamp');
    if (isFresh(stamp, [path.join(ROOT, workspace, 'src')])) continue;
    console.error(`Building ${workspace}...`);
    const res = spawnSync('npm', ['run', '--silent', 'build', '-w', workspace], {
      cwd: ROOT,
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    if (res.status !== 0) throw new Error(`npm run build -w ${workspace} failed`);
    writeStamp(stamp);
  }
}
