import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';

const ROOT = path.join(__dirname, '..', '..');
const run = promisify(execFile);

/** What a team's checkout needs to build one screen; node_modules are the repository's own. */
const CHECKOUT = ['package.json', 'tsconfig.base.json', 'tsconfig.json', 'types', 'tools', 'shared'];
const SKIP = new Set(['node_modules', 'dist', '.cache']);

function copyTree(from: string, to: string): void {
  fs.cpSync(from, to, { recursive: true, filter: (src) => !SKIP.has(path.basename(src)) });
}

/**
 * Builds one screen the way its team ships it: from a checkout of its own with `edit` applied (a
 * changed message, rule or kernel), `npm run build` of that screen alone, and the build folder
 * deployed beside the others under `mfe-<screen>/dist/<buildId>/`. dist/LATEST is left alone, so
 * nothing serves the build until a remote map names it. Resolves to the build's manifest path.
 */
export async function buildScreenVariant(
  app: string,
  buildId: string,
  edit: (checkout: string) => void,
): Promise<string> {
  const checkout = fs.mkdtempSync(path.join(os.tmpdir(), `curator-${app}-`));
  try {
    for (const part of [...CHECKOUT, app]) copyTree(path.join(ROOT, part), path.join(checkout, part));
    fs.symlinkSync(path.join(ROOT, 'node_modules'), path.join(checkout, 'node_modules'));
    const appModules = path.join(ROOT, app, 'node_modules');
    if (fs.existsSync(appModules)) fs.symlinkSync(appModules, path.join(checkout, app, 'node_modules'));
    edit(checkout);
    await run(process.execPath, [path.join(ROOT, 'node_modules/webpack-cli/bin/cli.js'), '--mode', 'production'], {
      cwd: path.join(checkout, app),
      env: { ...process.env, BUILD_ID: buildId },
      maxBuffer: 64 * 1024 * 1024,
    });
    fs.cpSync(path.join(checkout, app, 'dist', buildId), deployedBuildDir(app, buildId), { recursive: true });
    return `/mfe/${app.replace(/^mfe-/, '')}/${buildId}/mf-manifest.json`;
  } finally {
    fs.rmSync(checkout, { recursive: true, force: true });
  }
}

export function deployedBuildDir(app: string, buildId: string): string {
  return path.join(ROOT, app, 'dist', buildId);
}

/** The build `latest` stands for: dist/LATEST of the screen. */
export function latestBuildId(app: string): string {
  return fs.readFileSync(path.join(ROOT, app, 'dist', 'LATEST'), 'utf8').trim();
}

/** Replaces `from` with `to` in a file of a checkout; throws when `from` is not there. */
export function replaceInFile(file: string, from: string, to: string): void {
  const text = fs.readFileSync(file, 'utf8');
  if (!text.includes(from)) throw new Error(`${file} does not contain ${from}`);
  fs.writeFileSync(file, text.replace(from, to));
}

export type RemoteMapEntry = { name: string; entry: string; routes: string[] };

/** The repository's remote map (every screen at `latest`). */
export function defaultRemoteMap(): RemoteMapEntry[] {
  return JSON.parse(fs.readFileSync(path.join(ROOT, 'remotes.json'), 'utf8')) as RemoteMapEntry[];
}

/** A remote map file an operator edits: `entries` replaces the named screens' entries. */
export function writeRemoteMap(file: string, entries: Record<string, string> = {}): void {
  const map = defaultRemoteMap().map((r) => ({ ...r, entry: entries[r.name] ?? r.entry }));
  fs.writeFileSync(file, `${JSON.stringify(map, null, 2)}\n`);
}
