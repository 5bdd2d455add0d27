import { Module } from '@nestjs/common';

import { AudiosModule } from '../audios/audios.module';
import { MediaModule } from '../media/media.module';
import { ReelsModule } from '../reels/reels.module';
import { TagsModule } from '../tags/tags.module';
import { TemplatesModule } from '../templates/templates.module';
import { CatalogImportService } from './catalog-import.service';

@Module({
  imports: [AudiosModule, TemplatesModule, ReelsModule, TagsModule, MediaModule],
  providers: [CatalogImportService],
  exports: [CatalogImportService],
})
export class ImportModule {}
