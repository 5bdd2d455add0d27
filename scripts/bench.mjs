// `npm run bench`: runs every benchmark script and prints their figures. Not part of `npm test`.
// `npm run bench -- analysis` runs only the benchmarks whose name contains "analysis".
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const DIR = path.dirname(fileURLToPath(import.meta.url));
const only = process.argv[2];
const benches = fs
  .readdirSync(DIR)
  .filter((f) => /^bench-.+\.mjs$/.test(f) && (!only || f.includes(only)))
  .sort();
let failed = 0;
for (const file of benches) {
  console.log(`\n=== ${file.replace(/^bench-|\.mjs$/g, '')} ===`);
  const res = spawnSync(process.execPath, [path.join(DIR, file)], { stdio: 'inherit' });
  if (res.status !== 0) failed += 1;
}
if (benches.length === 0) console.log('no benchmarks found');
process.exit(failed === 0 ? 0 : 1);
