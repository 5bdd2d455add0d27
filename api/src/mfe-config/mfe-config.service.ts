import { readFile, stat } from 'node:fs/promises';
import { dirname, join } from 'node:path';

import {
  type RemoteDefinition,
  type RemoteMapEntry,
  RemoteMapFileSchema,
  ScreenBuildSchema,
} from '@curator/shared/contract';
import { Inject, Injectable, Logger } from '@nestjs/common';
import { z } from 'zod';

import { APP_CONFIG } from '../config/config.module';
import type { AppConfig } from '../config/env.schema';

/** `/mfe/<screen>/<build id>/…`: a build of a screen served from `mfe-<screen>/dist/<build id>/`. */
const BUILD_ENTRY = /^\/mfe\/([a-z][a-z0-9-]*)\/([A-Za-z0-9._-]+)\//;
/** The build id that stands for the newest build of a screen (dist/LATEST names it). */
export const LATEST_BUILD = 'latest';

const readText = (path: string) => readFile(path, 'utf8').catch(() => null);

/** A JSON record a build wrote (build.json, start-bundle.json); null if it is missing, not JSON or not of `schema`. */
async function readRecord<T>(path: string, schema: z.ZodType<T>): Promise<T | null> {
  const text = await readText(path);
  if (text === null) return null;
  try {
    return schema.safeParse(JSON.parse(text)).data ?? null;
  } catch {
    return null;
  }
}

/**
 * A file a screen needs to start, as a page loads it: preloaded (`as`), or, the screen's start bundle, run as a
 * deferred script (`bundleOf`: the screen's name).
 */
export type StartFile = { href: string; as: 'fetch' | 'script' | 'style'; bundleOf?: string };
/** A screen build's record of its start bundle and the files in it (START_BUNDLE_RECORD in tools/webpack.factory.js). */
const START_BUNDLE_RECORD = 'start-bundle.json';
const StartBundleSchema = z.object({ file: z.string().regex(/^[\w.-]+\.js$/), parts: z.array(z.string()) });
type ManifestAssets = { js?: { sync?: string[] }; css?: { sync?: string[] } };
type Manifest = {
  metaData?: { remoteEntry?: { name?: string } };
  exposes?: { path?: string; assets?: ManifestAssets }[];
};

@Injectable()
export class MfeConfigService {
  private readonly logger = new Logger(MfeConfigService.name);
  /** Start files per manifest, read again when the manifest's file changes. */
  private readonly startFiles = new Map<string, { mtimeMs: number; files: StartFile[] }>();

  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {}

  /**
   * remotes.json, read on every call so a redeploy or a rollback is picked up without a restart, with
   * each `latest` resolved to the newest build's id (so every file a page loads has a stable URL) and
   * that build's record. A missing file is an empty map; a malformed one is an error (logged, 500).
   */
  async readRemotes(): Promise<RemoteDefinition[]> {
    let text: string;
    try {
      text = await readFile(this.config.remotesFile, 'utf8');
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') {
        this.logger.warn(`No remote map at ${this.config.remotesFile}`);
        return [];
      }
      throw err;
    }
    const entries = RemoteMapFileSchema.parse(JSON.parse(text));
    return Promise.all(entries.map((entry) => this.resolveBuild(entry)));
  }

  private async resolveBuild(remote: RemoteMapEntry): Promise<RemoteDefinition> {
    const match = BUILD_ENTRY.exec(remote.entry);
    if (!match) return { ...remote, build: null };
    const [prefix, screen, requested] = match;
    const dist = join(this.config.WEB_ROOT, `mfe-${screen}`, 'dist');
    const buildId = requested === LATEST_BUILD ? (await readText(join(dist, 'LATEST')))?.trim() : requested;
    if (!buildId) return { ...remote, build: null };
    const entry = `/mfe/${screen}/${buildId}/${remote.entry.slice(prefix.length)}`;
    return { ...remote, entry, build: await readRecord(join(dist, buildId, 'build.json'), ScreenBuildSchema) };
  }

  /**
   * What the screen whose manifest is `entry` (`/mfe/<screen>/<build id>/mf-manifest.json`) loads
   * before it can start: the manifest, its remote entry, and the files of its './start' (the first
   * requests, if it has one) and of its './app', these in its start bundle when the build has one.
   * None when the build is not there.
   */
  async readStartFiles(entry: string): Promise<StartFile[]> {
    const match = BUILD_ENTRY.exec(entry);
    if (!match) return [];
    const [prefix, screen, buildId] = match;
    const file = join(this.config.WEB_ROOT, `mfe-${screen}`, 'dist', buildId, entry.slice(prefix.length));
    const mtimeMs = await stat(file).then(
      (s) => s.mtimeMs,
      () => null,
    );
    if (mtimeMs === null) return [];
    const cached = this.startFiles.get(file);
    if (cached?.mtimeMs === mtimeMs) return cached.files;
    let manifest: Manifest;
    try {
      manifest = JSON.parse(await readFile(file, 'utf8')) as Manifest;
    } catch {
      return [];
    }
    const assetsOf = (path: string) => manifest.exposes?.find((e) => e.path === path)?.assets;
    const assets = assetsOf('./app');
    const names = [
      ...new Set([
        manifest.metaData?.remoteEntry?.name,
        ...(assetsOf('./start')?.js?.sync ?? []),
        ...(assets?.js?.sync ?? []),
      ]),
    ].filter((n): n is string => !!n);
    const bundle = await readRecord(join(dirname(file), START_BUNDLE_RECORD), StartBundleSchema);
    const files: StartFile[] = [
      { href: entry, as: 'fetch' },
      ...(bundle ? [{ href: prefix + bundle.file, as: 'script' as const, bundleOf: screen }] : []),
      ...names
        .filter((name) => !bundle?.parts.includes(name))
        .map((name) => ({ href: prefix + name, as: 'script' as const })),
      ...(assets?.css?.sync ?? []).map((name) => ({ href: prefix + name, as: 'style' as const })),
    ];
    this.startFiles.set(file, { mtimeMs, files });
    return files;
  }
}
