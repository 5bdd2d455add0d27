// Compiles the analysis sources with swc into node_modules/.cache and prints the analysis benchmark.
import { execFileSync } from 'node:child_process';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const outDir = process.env.BENCH_ANALYSIS_OUT_DIR ?? join(root, 'node_modules', '.cache', 'bench-analysis');
execFileSync(
  join(root, 'node_modules', '.bin', 'swc'),
  ['api/src/analysis', '-d', outDir, '--config-file', 'tools/swc-node.json', '--ignore', '**/*.test.ts', '--quiet'],
  { cwd: root, stdio: 'inherit' },
);
const require = createRequire(import.meta.url);
const analysisDir = join(outDir, 'api', 'src', 'analysis', 'dev');
// The packaged songs (LMMS's and Hydrogen's demo projects, rendered by their own programs) need the two
// Debian packages; installed here when missing and this is root (as on the project's machines), unless
// BENCH_PACKAGED=0. Without them the bench prints the other sets and says why the songs are left out.
const { arePackagedSongProgramsInstalled } = require(join(analysisDir, 'packaged', 'packaged-songs.js'));
if (process.env.BENCH_PACKAGED !== '0' && !arePackagedSongProgramsInstalled() && process.getuid?.() === 0) {
  console.log('installing lmms and hydrogen (Debian packages) for the packaged songs...');
  try {
    const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
    execFileSync('apt-get', ['update', '-qq'], { stdio: 'ignore', env });
    execFileSync('apt-get', ['install', '-y', '-qq', '--no-install-recommends', 'lmms', 'hydrogen'], {
      stdio: 'ignore',
      env,
    });
  } catch (error) {
    console.log(`could not install them: ${error.message.split('\n')[0]}`);
  }
}
const { runAnalysisBenchmark } = require(join(analysisDir, 'bench.js'));
for (const line of await runAnalysisBenchmark()) console.log(line);
