// Builds the suite: shared + API (swc), the embedded database (Go), and the shell and four remotes
// (webpack, two at a time on 2 cores). `--if-stale` skips outputs newer than their sources.
import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

import { isFresh, writeStamp } from './lib/freshness.mjs';

const ROOT = path.join(path.dirname(fileURLToPath(import.meta.url)), '..');
const require = createRequire(import.meta.url);
const WEB_APPS = ['shell', 'mfe-catalog', 'mfe-workspace', 'mfe-reports', 'mfe-admin'];
const COMMON_INPUTS = [
  'shared/src',
  'tools/webpack.factory.js',
  'tools/antd-zero-runtime-loader.cjs',
  'package-lock.json',
  // A patched package (patch-package, at npm install) is built into the screens that use it.
  'patches',
].map((p) => path.join(ROOT, p));

function run(command, args, options = {}) {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd: ROOT, stdio: 'inherit', ...options });
    child.on('exit', (code) =>
      code === 0 ? resolve() : reject(new Error(`${command} ${args.join(' ')} exited ${code}`)),
    );
  });
}

let ifStale = false;

async function buildStep(name, inputs, stamp, action) {
  if (ifStale && isFresh(stamp, inputs)) return;
  const started = Date.now();
  await action();
  writeStamp(stamp);
  console.log(`built ${name} in ${((Date.now() - started) / 1000).toFixed(1)} s`);
}

async function buildNode() {
  await buildStep('shared', [path.join(ROOT, 'shared/src')], path.join(ROOT, 'shared/dist/.stamp'), () =>
    run('npm', ['run', '--silent', 'build', '-w', 'shared']),
  );
  await buildStep('api', [path.join(ROOT, 'api/src')], path.join(ROOT, 'api/dist/.stamp'), () =>
    run('npm', ['run', '--silent', 'build', '-w', 'api']),
  );
}

/** Builds the given front ends, two at a time (webpack is CPU-bound; the machines have 2 cores). */
export async function buildWebApps(apps = WEB_APPS, options = {}) {
  ifStale = Boolean(options.ifStale);
  const queue = [...apps];
  const worker = async () => {
    for (let app = queue.shift(); app; app = queue.shift()) {
      const appDir = path.join(ROOT, app);
      await buildStep(
        app,
        [path.join(appDir, 'src'), path.join(appDir, 'webpack.config.js'), ...COMMON_INPUTS],
        path.join(appDir, 'dist/.stamp'),
        () => run('npm', ['run', '--silent', 'build', '-w', app]),
      );
    }
  };
  await Promise.all([worker(), worker()]);
}

/** Builds what the API process needs: shared, the API itself and the embedded database binary. */
export async function buildServer(options = {}) {
  ifStale = Boolean(options.ifStale);
  await buildNode();
  if (process.env.MONGODB_URI) return;
  const { ensureFerretDbBinary, hasGo } = require('../tools/ferretdb.cjs');
  if (hasGo()) ensureFerretDbBinary();
  else console.warn('Go is not installed: the embedded database cannot be built (set MONGODB_URI or install Go).');
}

export const REMOTE_APPS = WEB_APPS.filter((app) => app !== 'shell');

export async function buildAll(options = {}) {
  await buildServer(options);
  await buildWebApps(WEB_APPS, options);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  buildAll({ ifStale: process.argv.includes('--if-stale') }).catch((error) => {
    console.error(error.message);
    process.exit(1);
  });
}
