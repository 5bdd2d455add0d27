import 'reflect-metadata';

import { withCliContext } from '../cli/cli-context';
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

/** The import, run with the API's own services on the given database (outside the HTTP app). */
export async function runImport(options: ImportOptions): Promise<ImportReport> {
  return withCliContext(options, ImportModule, async (ctx) => {
    const importer = await ctx.resolve(CatalogImportService);
    const files: ImportFileReport[] = [];
    if (options.audios) files.push(await importer.importAudios(options.audios, options.mediaRoot, options.progress));
    if (options.templates) files.push(await importer.importTemplates(options.templates, options.progress));
    if (options.reels) files.push(await importer.importReels(options.reels, options.progress));
    const recountedAudios = await importer.finish();
    const problems = [...importer.problems].sort((a, b) => a.file.localeCompare(b.file) || a.line - b.line);
    return { files, problems, recountedAudios };
  });
}
