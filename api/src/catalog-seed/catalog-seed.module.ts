import { Module } from '@nestjs/common';

import { AudiosModule } from '../audios/audios.module';
import { MediaModule } from '../media/media.module';
import { ReelsModule } from '../reels/reels.module';
import { TagsModule } from '../tags/tags.module';
import { TemplatesModule } from '../templates/templates.module';

/** What the demo generator writes through: the catalog's own services. */
@Module({ imports: [AudiosModule, TemplatesModule, ReelsModule, TagsModule, MediaModule] })
export class CatalogSeedModule {}
