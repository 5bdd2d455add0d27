import { Module } from '@nestjs/common';
import { MongooseModule } from '@nestjs/mongoose';

import { Tag, TagSchema } from './tag.schema';
import { TagsRepository } from './tags.repository';
import { TagsService } from './tags.service';

/** Tag records. The HTTP endpoints live in TagsApiModule, which also needs the audios. */
@Module({
  imports: [MongooseModule.forFeature([{ name: Tag.name, schema: TagSchema }])],
  providers: [TagsRepository, TagsService],
  exports: [TagsService, TagsRepository],
})
export class TagsModule {}
