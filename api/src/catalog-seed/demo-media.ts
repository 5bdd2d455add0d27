import { existsSync } from 'node:fs';
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import { basename, join } from 'node:path';

import { buildCatalogSpecs, type CatalogFile, renderCatalogFiles } from '../analysis/dev/synth/catalog-audio';
import { MP3_BITRATE_KBPS } from '../analysis/dsp/encode-audio';
import type { MediaStoreService } from '../media/media-store.service';

/** One synthesised file as stored: where it is served, and its ground truth. */
export type DemoMedia = {
  url: string;
  hash: string;
  /** Store path of `<hash>.beats.json`: {tempo_bpm, beats_s}. */
  truthPath: string;
  isOriginalSound: boolean;
  durationMs: number;
  /** True beat times, seconds (empty for original sounds). */
  beatsS: number[];
};

type Manifest = { files: Array<Omit<CatalogFile, 'path'> & { file: string }> };

/** Renders the synthesised files once per (seed, count) into `cacheDir`; later calls read them back. */
async function renderCached(
  cacheDir: string,
  fileCount: number,
  seed: number,
  log: (line: string) => void,
): Promise<Array<CatalogFile>> {
  // The encoding is part of the name: files of an earlier encoder (variable-rate MP3s) are not reused.
  const dir = join(cacheDir, `synth-${seed}-${fileCount}-cbr${MP3_BITRATE_KBPS}`);
  const manifestPath = join(dir, 'manifest.json');
  if (existsSync(manifestPath)) {
    const manifest = JSON.parse(await readFile(manifestPath, 'utf8')) as Manifest;
    const files = manifest.files.map(({ file, ...rest }) => ({ ...rest, path: join(dir, file) }));
    if (files.every((f) => existsSync(f.path))) return files;
  }
  await mkdir(dir, { recursive: true });
  const started = Date.now();
  log(`Synthesising ${fileCount} demo audio files...`);
  const files = await renderCatalogFiles(buildCatalogSpecs(fileCount, seed), dir, 'mp3', 2);
  log(`Synthesised ${fileCount} files in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  const manifest: Manifest = { files: files.map(({ path, ...rest }) => ({ ...rest, file: basename(path) })) };
  await writeFile(`${manifestPath}.tmp`, JSON.stringify(manifest));
  await rename(`${manifestPath}.tmp`, manifestPath);
  return files;
}

/** The demo's shared media files in the store, with their true beats beside them. */
export async function prepareDemoMedia(options: {
  store: MediaStoreService;
  cacheDir: string;
  fileCount: number;
  seed: number;
  log: (line: string) => void;
}): Promise<DemoMedia[]> {
  const files = await renderCached(options.cacheDir, options.fileCount, options.seed, options.log);
  return Promise.all(
    files.map(async (file) => {
      const stored = await options.store.storeFile(file.path, 'mp3');
      const truth = JSON.stringify({ tempo_bpm: file.tempoBpm, beats_s: file.beatsS });
      const truthFile = await options.store.storeCompanion(stored.hash, 'beats.json', Buffer.from(truth));
      return {
        url: stored.url,
        hash: stored.hash,
        truthPath: truthFile.path,
        isOriginalSound: file.kind !== 'music',
        durationMs: Math.round(file.durationS * 1000),
        beatsS: file.beatsS,
      };
    }),
  );
}
