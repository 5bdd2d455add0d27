// `npm test`: checks formatting (Prettier) and lint (ESLint), type-checks, runs every jest project (unit, API on a real FerretDB, web in jsdom,
// then end-to-end in Chromium one file at a time) and ends with one line: `N passed, M failed`.
// Extra arguments go to jest unchanged, e.g. `npm test -- --selectProjects unit`.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = path.join(path.dirname(fileURLToPath(import.meta.url)), '..');
const JEST = path.join(ROOT, 'node_modules/jest/bin/jest.js');
const TSC = path.join(ROOT, 'node_modules/typescript/bin/tsc');
const PRETTIER = path.join(ROOT, 'node_modules/prettier/bin/prettier.cjs');
const ESLINT = path.join(ROOT, 'node_modules/eslint/bin/eslint.js');
const CHROMIUM = process.env.CHROME_PATH ?? '/usr/bin/chromium';
const extraArgs = process.argv.slice(2);

function runJest(args) {
  const report = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'curator-jest-')), 'report.json');
  const res = spawnSync(process.execPath, [JEST, '--json', `--outputFile=${report}`, ...args], {
    cwd: ROOT,
    stdio: 'inherit',
  });
  if (!fs.existsSync(report))
    return { passed: 0, failed: 1, ok: false, note: `jest exited ${res.status} without a report` };
  const summary = JSON.parse(fs.readFileSync(report, 'utf8'));
  const suiteErrors = summary.testResults.filter(
    (s) => s.status === 'failed' && s.assertionResults.length === 0,
  ).length;
  return {
    passed: summary.numPassedTests,
    failed: summary.numFailedTests + suiteErrors,
    skipped: summary.numPendingTests + summary.numTodoTests,
    ok: res.status === 0,
  };
}

/** Prettier's check and ESLint over the whole tree; false on any violation (they print where). */
function lint() {
  const formatted =
    spawnSync(process.execPath, [PRETTIER, '--check', '--log-level', 'warn', '.'], { cwd: ROOT, stdio: 'inherit' })
      .status === 0;
  if (!formatted) console.error('Formatting differs from Prettier (see above): run npx prettier --write .');
  const linted =
    spawnSync(process.execPath, [ESLINT, '--max-warnings', '0', '.'], { cwd: ROOT, stdio: 'inherit' }).status === 0;
  if (!linted) console.error('ESLint found problems (see above).');
  return formatted && linted;
}

function typecheck() {
  const res = spawnSync(process.execPath, [TSC, '-p', 'tsconfig.json', '--noEmit'], { cwd: ROOT, stdio: 'inherit' });
  return res.status === 0;
}

const runs = [];
let typesOk = true;
let lintOk = true;
if (extraArgs.length > 0) {
  runs.push(runJest(extraArgs));
} else {
  lintOk = lint();
  typesOk = typecheck();
  if (!typesOk) console.error('Type check failed (see above).');
  runs.push(runJest(['--selectProjects', 'unit', 'api', 'web', '--maxWorkers=2']));
  if (!fs.existsSync(CHROMIUM)) {
    console.error(`Chromium is missing at ${CHROMIUM}: install it (apt-get install -y chromium) or set CHROME_PATH.`);
    runs.push({ passed: 0, failed: 1, skipped: 0, ok: false });
  } else {
    runs.push(runJest(['--selectProjects', 'e2e', '--runInBand']));
  }
}

const passed = runs.reduce((n, r) => n + r.passed, 0);
const failed = runs.reduce((n, r) => n + r.failed, 0) + (typesOk ? 0 : 1) + (lintOk ? 0 : 1);
const skipped = runs.reduce((n, r) => n + (r.skipped ?? 0), 0);
for (const r of runs) if (r.note) console.error(r.note);
console.log(`${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`);
process.exit(failed === 0 && runs.every((r) => r.ok) && typesOk && lintOk ? 0 : 1);
