import 'reflect-metadata';

import { join } from 'node:path';

import type { INestApplicationContext } from '@nestjs/common';

import { AudiosRepository } from '../audios/audios.repository';
import { AudiosService } from '../audios/audios.service';
import { withCliContext } from '../cli/cli-context';
import { MediaStoreService } from '../media/media-store.service';
import { ReelsRepository } from '../reels/reels.repository';
import { TagsService } from '../tags/tags.service';
import { TemplatesRepository } from '../templates/templates.repository';
import { CatalogSeedModule } from './catalog-seed.module';
import { prepareDemoMedia } from './demo-media';
import { DEMO_TAGS, type DemoOptions, generateDemoChunk } from './demo-records';

export type SeedDemoOptions = {
  mongodbUri: string;
  mediaDir: string;
  /** Audios to create (default 300). */
  count?: number;
  /** Distinct synthesised media files shared by the audios (default 24). */
  mediaFiles?: number;
  seed?: number;
  /** Where synthesised files are kept between runs (default `<mediaDir>/../demo-cache`). */
  cacheDir?: string;
  /** false = audios only, counters drawn at random (benchmarks); default true. */
  withRelated?: boolean;
  log?: (line: string) => void;
};

export type SeedDemoResult = { seeded: boolean; audios: number; templates: number; reels: number; ms: number };

const CHUNK = 1000;

/** Inserts the whole catalog in chunks; answers how many templates and reels were written. */
async function insertCatalog(
  ctx: INestApplicationContext,
  count: number,
  options: DemoOptions,
): Promise<{ templates: number; reels: number; audioIds: string[] }> {
  const audios = ctx.get(AudiosRepository);
  const templates = ctx.get(TemplatesRepository);
  const reels = ctx.get(ReelsRepository);
  let templateCount = 0;
  let reelCount = 0;
  const audioIds: string[] = [];
  for (let start = 0; start < count; start += CHUNK) {
    const chunk = generateDemoChunk(start, Math.min(CHUNK, count - start), options);
    await Promise.all([
      audios.insertMany(chunk.audios),
      chunk.templates.length ? templates.insertMany(chunk.templates) : undefined,
      chunk.reels.length ? reels.insertMany(chunk.reels) : undefined,
    ]);
    audioIds.push(...chunk.audios.map((a) => a.music_canonical_id));
    templateCount += chunk.templates.length;
    reelCount += chunk.reels.length;
  }
  return { templates: templateCount, reels: reelCount, audioIds };
}

/**
 * Fills an EMPTY catalog with `count` deterministic demo audios sharing a few synthesised,
 * playable media files (true beats kept beside each), with templates, reels over the last
 * 60 days, highlights, ending points, trend lists and tags. Does nothing when audios exist.
 */
export async function seedDemoCatalog(options: SeedDemoOptions): Promise<SeedDemoResult> {
  const started = Date.now();
  const { count = 300, mediaFiles = 24, seed = 2024, withRelated = true, log = () => undefined } = options;
  return withCliContext(options, CatalogSeedModule, async (ctx, config) => {
    const audios = ctx.get(AudiosService);
    if (await ctx.get(AudiosRepository).hasAny())
      return { seeded: false, audios: 0, templates: 0, reels: 0, ms: Date.now() - started };
    const cacheDir = options.cacheDir ?? join(config.MEDIA_DIR, '..', 'demo-cache');
    const media = await prepareDemoMedia({
      store: ctx.get(MediaStoreService),
      cacheDir,
      fileCount: mediaFiles,
      seed,
      log,
    });
    await ctx.get(TagsService).resolveSpellings(DEMO_TAGS.map(([text]) => text));
    const written = await insertCatalog(ctx, count, { media, seed, now: new Date(), withRelated });
    await audios.recountTagUsage();
    return {
      seeded: true,
      audios: count,
      templates: written.templates,
      reels: written.reels,
      ms: Date.now() - started,
    };
  });
}
