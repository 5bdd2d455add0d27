'use strict';
// The kernel's source: shared/src/kernel/index.ts and every file it reaches by relative imports.
// Its hash is recorded in shared/src/kernel/kernel.json beside the version, so that a change of the
// kernel cannot ship under the version of the code before it (kernel-version.test.ts).
// `node tools/kernel-source.cjs stamp <new version>` records a new version and the current hash.
const { createHash } = require('node:crypto');
const fs = require('node:fs');
const path = require('node:path');

const KERNEL_DIR = path.join(__dirname, '..', 'shared', 'src', 'kernel');
const KERNEL_JSON = path.join(KERNEL_DIR, 'kernel.json');
const RELATIVE_IMPORT = /(?:import|export)\s[^'"]*?from\s+['"](\.{1,2}\/[^'"]+)['"]/g;

function resolveSource(from, request) {
  const base = path.resolve(path.dirname(from), request);
  const file = ['', '.ts', '.tsx', '.json', '/index.ts']
    .map((ext) => base + ext)
    .find((f) => fs.existsSync(f) && fs.statSync(f).isFile());
  if (!file) throw new Error(`${from}: cannot resolve ${request}`);
  return file;
}

/** Every file of the kernel's module graph within the repository, sorted. */
function kernelFiles() {
  const seen = new Set();
  const visit = (file) => {
    if (seen.has(file)) return;
    seen.add(file);
    if (file.endsWith('.json')) return;
    for (const [, request] of fs.readFileSync(file, 'utf8').matchAll(RELATIVE_IMPORT))
      visit(resolveSource(file, request));
  };
  visit(path.join(KERNEL_DIR, 'index.ts'));
  seen.delete(KERNEL_JSON);
  return [...seen].sort();
}

/** A hash of the kernel's files: their paths and contents. */
function kernelSourceHash() {
  const hash = createHash('sha256');
  for (const file of kernelFiles())
    hash.update(path.relative(KERNEL_DIR, file)).update('\0').update(fs.readFileSync(file)).update('\0');
  return hash.digest('hex').slice(0, 16);
}

const readKernelRecord = () => JSON.parse(fs.readFileSync(KERNEL_JSON, 'utf8'));

function isNewer(next, current) {
  const [a, b] = [next, current].map((v) => v.split('.').map(Number));
  for (let i = 0; i < 3; i += 1) if (a[i] !== b[i]) return a[i] > b[i];
  return false;
}

module.exports = { kernelFiles, kernelSourceHash, readKernelRecord };

if (require.main === module) {
  const [command, version] = process.argv.slice(2);
  const record = readKernelRecord();
  if (command !== 'stamp' || !/^\d+\.\d+\.\d+$/.test(version ?? '') || !isNewer(version, record.version)) {
    console.error(`usage: node tools/kernel-source.cjs stamp <version above ${record.version}>`);
    process.exit(2);
  }
  fs.writeFileSync(KERNEL_JSON, `${JSON.stringify({ version, sourceHash: kernelSourceHash() }, null, 2)}\n`);
  console.log(`kernel ${version} stamped; every screen must be rebuilt against it before it can use what changed`);
}
