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
const { runAnalysisBenchmark } = require(join(outDir, 'api', 'src', 'analysis', 'dev', 'bench.js'));
for (const line of await runAnalysisBenchmark()) console.log(line);
