import { createHash, randomBytes } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { copyFile, mkdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import { extname, join } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants } from 'node:zlib';

import { Inject, Injectable } from '@nestjs/common';

import { APP_CONFIG } from '../config/config.module';
import type { AppConfig } from '../config/env.schema';

/** Public prefix of stored files. */
export const MEDIA_URL_PREFIX = '/media/';

/** Stored names: a 2-hex folder, the 64-hex SHA-256 and one or two lower-case extensions. */
const STORED_PATH = /^([0-9a-f]{2})\/\1[0-9a-f]{62}(\.[a-z0-9]{1,8}){1,2}$/;
const MEDIA_EXTENSIONS = new Set([
  'mp3',
  'ogg',
  'oga',
  'opus',
  'm4a',
  'aac',
  'wav',
  'flac',
  'webm',
  'json',
  'png',
  'jpg',
  'webp',
]);

export type StoredMedia = { hash: string; path: string; url: string };

/**
 * A companion a page fetches whole (a waveform's peaks) may be kept with a brotli copy beside it,
 * `<name>.br`, which /media/ sends to clients that accept brotli. Not a stored name of its own: no path
 * under /media/ reaches it directly.
 */
export const BROTLI_COPY_SUFFIX = '.br';

/**
 * Written once, read by every browser that opens the audio: on a 1.5-minute track's peaks (338 KB of
 * JSON), quality 9 makes 82 KB in 40 ms; 10 makes 71 KB in 185 ms and 11 66 KB in 450 ms, too slow
 * beside the peaks job's own 0.5 s when a whole catalog's peaks are computed.
 */
const BROTLI_COPY_OPTIONS = { params: { [constants.BROTLI_PARAM_QUALITY]: 9 } };
const compressBrotli = promisify(brotliCompress);

/** Extension of a file name, lower-cased and without the dot; null when not a media type we keep. */
export function deriveMediaExtension(fileName: string): string | null {
  const ext = extname(fileName).slice(1).toLowerCase();
  return MEDIA_EXTENSIONS.has(ext) ? ext : null;
}

/** The stored path of a public path under /media/, or null for anything not made by the store. */
export function parseStoredPath(relative: string): string | null {
  return STORED_PATH.test(relative) ? relative : null;
}

function hashFile(path: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const hash = createHash('sha256');
    createReadStream(path)
      .on('error', reject)
      .on('data', (chunk) => hash.update(chunk))
      .on('end', () => resolve(hash.digest('hex')));
  });
}

const exists = (path: string) =>
  stat(path).then(
    () => true,
    () => false,
  );

/**
 * Content-addressed media in MEDIA_DIR: a file is stored once under its SHA-256, written to a
 * temporary name and renamed so a reader never sees half a file.
 */
@Injectable()
export class MediaStoreService {
  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {}

  get root(): string {
    return this.config.MEDIA_DIR;
  }

  /** Copies a local file into the store (no-op when the same bytes are there already). */
  async storeFile(sourcePath: string, extension: string): Promise<StoredMedia> {
    const hash = await hashFile(sourcePath);
    return this.place(hash, extension, (tmp) => copyFile(sourcePath, tmp));
  }

  async storeBuffer(bytes: Uint8Array, extension: string): Promise<StoredMedia> {
    const hash = createHash('sha256').update(bytes).digest('hex');
    return this.place(hash, extension, (tmp) => writeFile(tmp, bytes));
  }

  /**
   * A companion file named after a stored file's hash, e.g. `<hash>.beats.json`; with `brotliCopy`, its
   * brotli copy beside it (BROTLI_COPY_SUFFIX), written after it, and also when only the copy was missing.
   */
  async storeCompanion(
    hash: string,
    suffix: string,
    bytes: Uint8Array,
    { brotliCopy = false }: { brotliCopy?: boolean } = {},
  ): Promise<StoredMedia> {
    const stored = await this.place(hash, suffix, (tmp) => writeFile(tmp, bytes));
    if (brotliCopy)
      await this.place(hash, `${suffix}${BROTLI_COPY_SUFFIX}`, async (tmp) =>
        writeFile(tmp, await compressBrotli(bytes, BROTLI_COPY_OPTIONS)),
      );
    return stored;
  }

  /** Absolute file of a public relative path, or null when the path is not one of ours. */
  resolve(relative: string): string | null {
    const path = parseStoredPath(relative);
    return path ? join(this.root, path) : null;
  }

  private async place(hash: string, extension: string, write: (tmp: string) => Promise<void>): Promise<StoredMedia> {
    const path = `${hash.slice(0, 2)}/${hash}.${extension}`;
    const target = join(this.root, path);
    if (!(await exists(target))) {
      await mkdir(join(this.root, hash.slice(0, 2)), { recursive: true });
      const tmp = `${target}.${randomBytes(6).toString('hex')}.tmp`;
      try {
        await write(tmp);
        await rename(tmp, target);
      } finally {
        await rm(tmp, { force: true });
      }
    }
    return { hash, path, url: `${MEDIA_URL_PREFIX}${path}` };
  }
}
