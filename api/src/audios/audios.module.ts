import { Module } from '@nestjs/common';
import { MongooseModule } from '@nestjs/mongoose';

import { ReelsModule } from '../reels/reels.module';
import { TagsModule } from '../tags/tags.module';
import { TemplatesModule } from '../templates/templates.module';
import { Audio, AudioSchema } from './audio.schema';
import { AudiosController } from './audios.controller';
import { AudiosRepository } from './audios.repository';
import { AudiosService } from './audios.service';
import { CatalogCountersService } from './catalog-counters.service';
import { CatalogFiguresRepository } from './catalog-figures.repository';
import { GrowthRefreshService } from './growth-refresh.service';

@Module({
  imports: [
    MongooseModule.forFeature([{ name: Audio.name, schema: AudioSchema }]),
    TagsModule,
    TemplatesModule,
    ReelsModule,
  ],
  controllers: [AudiosController],
  providers: [AudiosRepository, CatalogFiguresRepository, AudiosService, CatalogCountersService, GrowthRefreshService],
  exports: [AudiosService, AudiosRepository, CatalogFiguresRepository, CatalogCountersService, GrowthRefreshService],
})
export class AudiosModule {}
