// Compiles the analysis sources with swc into node_modules/.cache and prints the analysis benchmark.
import { execFileSync, spawnSync } from 'node:child_process';
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
// The Debian packages the bench measures with, installed here when missing and this is root (as on the project's
// machines): mpg123 and ffmpeg, the decoders autobeat streams an MP3 from when they are on the PATH (README), whose
// speed the bench reports beside the WASM decoders'; and the programs of the packaged songs (LMMS's and Hydrogen's demo
// projects, rendered by their own programs), unless BENCH_PACKAGED=0; and the recorded drum kits the sampled set plays
// (hydrogen-drumkits). Without them the bench prints the rest and says what it left out.
const { arePackagedSongProgramsInstalled } = require(join(analysisDir, 'packaged', 'packaged-songs.js'));
const { areSampledKitsInstalled } = require(join(analysisDir, 'sampled', 'drumkits.js'));
const missing = [
  // Asked directly: the decoder's own check remembers its answer for the process.
  ...['mpg123', 'ffmpeg'].filter((program) => spawnSync(program, ['--version'], { stdio: 'ignore' }).error),
  ...(process.env.BENCH_PACKAGED !== '0' && !arePackagedSongProgramsInstalled() ? ['lmms', 'hydrogen'] : []),
  ...(areSampledKitsInstalled() ? [] : ['hydrogen-drumkits']),
];
if (missing.length > 0 && process.getuid?.() === 0) {
  console.log(`installing ${missing.join(', ')} (Debian packages) for the bench...`);
  try {
    const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
    execFileSync('apt-get', ['update', '-qq'], { stdio: 'ignore', env });
    execFileSync('apt-get', ['install', '-y', '-qq', '--no-install-recommends', ...missing], { stdio: 'ignore', env });
  } catch (error) {
    console.log(`could not install them: ${error.message.split('\n')[0]}`);
  }
}
const { runAnalysisBenchmark } = require(join(analysisDir, 'bench.js'));
for (const line of await runAnalysisBenchmark()) console.log(line);
