import { Module } from '@nestjs/common';
import { MongooseModule } from '@nestjs/mongoose';

import { Tag, TagSchema } from './tag.schema';
import { TagsController } from './tags.controller';
import { TagsRepository } from './tags.repository';
import { TagsService } from './tags.service';

/** Tag records and /api/tags/; a deleted tag leaves the audios through TAG_DELETED. */
@Module({
  imports: [MongooseModule.forFeature([{ name: Tag.name, schema: TagSchema }])],
  controllers: [TagsController],
  providers: [TagsRepository, TagsService],
  exports: [TagsService, TagsRepository],
})
export class TagsModule {}
