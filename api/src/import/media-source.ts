import { randomBytes } from 'node:crypto';
import { mkdtemp, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { isAbsolute, join, resolve } from 'node:path';

const DOWNLOAD_TIMEOUT_MS = 60_000;

/** A local file for a media source: a path under `mediaRoot`, or an http(s) URL downloaded to a temp file. */
export async function fetchMediaSource(
  source: string,
  mediaRoot: string,
): Promise<{ path: string; cleanup: () => Promise<void> }> {
  if (/^https?:\/\//i.test(source)) {
    const res = await fetch(source, { signal: AbortSignal.timeout(DOWNLOAD_TIMEOUT_MS) });
    if (!res.ok) throw new Error(`media: download failed: HTTP ${res.status}`);
    const dir = await mkdtemp(join(tmpdir(), 'curator-import-'));
    const path = join(dir, randomBytes(8).toString('hex'));
    await writeFile(path, Buffer.from(await res.arrayBuffer()));
    return { path, cleanup: () => rm(dir, { recursive: true, force: true }) };
  }
  const path = isAbsolute(source) ? source : resolve(mediaRoot, source);
  const info = await stat(path).catch(() => null);
  if (!info?.isFile()) throw new Error(`media: file not found: ${source}`);
  return { path, cleanup: async () => undefined };
}

/** Extension of the source's file name (URL query ignored). */
export function sourceFileName(source: string): string {
  return /^https?:\/\//i.test(source) ? new URL(source).pathname : source;
}
