import { Module } from '@nestjs/common';

import { AudiosModule } from '../audios/audios.module';
import { TagsController } from './tags.controller';
import { TagsModule } from './tags.module';

/** /api/tags/: kept apart from TagsModule because deleting a tag also edits the audios. */
@Module({
  imports: [TagsModule, AudiosModule],
  controllers: [TagsController],
})
export class TagsApiModule {}
