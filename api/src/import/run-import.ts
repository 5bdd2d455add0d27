import 'reflect-metadata';

import { Module } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { EventEmitterModule } from '@nestjs/event-emitter';

import { ConfigModule } from '../config/config.module';
import { loadConfig } from '../config/env.schema';
import { DatabaseModule } from '../persistence/database.module';
import { CatalogImportService, ImportFileReport, ImportProblem, ImportProgress } from './catalog-import.service';
import { ImportModule } from './import.module';

export type ImportOptions = {
  mongodbUri: string;
  /** Where media are stored (MEDIA_DIR of the API). */
  mediaDir: string;
  audios?: string;
  templates?: string;
  reels?: string;
  /** Relative media paths of the audios file are resolved from here. */
  mediaRoot: string;
  progress?: ImportProgress;
};

export type ImportReport = { files: ImportFileReport[]; problems: ImportProblem[]; recountedAudios: number };

@Module({})
class ImportCliModule {}

/** The import, run with the API's own services on the given database (outside the HTTP app). */
export async function runImport(options: ImportOptions): Promise<ImportReport> {
  const config = loadConfig({
    ...process.env,
    MONGODB_URI: options.mongodbUri,
    MEDIA_DIR: options.mediaDir,
    LOG_LEVEL: 'silent',
  });
  const ctx = await NestFactory.createApplicationContext(
    {
      module: ImportCliModule,
      imports: [ConfigModule.forRoot(config), DatabaseModule, EventEmitterModule.forRoot(), ImportModule],
    },
    { logger: false, abortOnError: false },
  );
  try {
    const importer = await ctx.resolve(CatalogImportService);
    const files: ImportFileReport[] = [];
    if (options.audios) files.push(await importer.importAudios(options.audios, options.mediaRoot, options.progress));
    if (options.templates) files.push(await importer.importTemplates(options.templates, options.progress));
    if (options.reels) files.push(await importer.importReels(options.reels, options.progress));
    const recountedAudios = await importer.finish();
    const problems = [...importer.problems].sort((a, b) => a.file.localeCompare(b.file) || a.line - b.line);
    return { files, problems, recountedAudios };
  } finally {
    await ctx.close();
  }
}
