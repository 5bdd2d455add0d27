import { Module } from '@nestjs/common';
import { MongooseModule } from '@nestjs/mongoose';

import { ListIndexModeModule } from '../persistence/list-index-mode.module';
import { ReelsModule } from '../reels/reels.module';
import { TagsModule } from '../tags/tags.module';
import { TemplatesModule } from '../templates/templates.module';
import { Audio, AudioSchema } from './audio.schema';
import { AudioListIndex } from './audio-list-index';
import { AudiosController } from './audios.controller';
import { AudiosRepository } from './audios.repository';
import { AudiosService } from './audios.service';
import { CatalogCountersService } from './catalog-counters.service';
import { GrowthRefreshService } from './growth-refresh.service';

@Module({
  imports: [
    MongooseModule.forFeature([{ name: Audio.name, schema: AudioSchema }]),
    TagsModule,
    TemplatesModule,
    ReelsModule,
    ListIndexModeModule,
  ],
  controllers: [AudiosController],
  providers: [AudiosRepository, AudiosService, CatalogCountersService, AudioListIndex, GrowthRefreshService],
  exports: [AudiosService, AudiosRepository, CatalogCountersService, GrowthRefreshService],
})
export class AudiosModule {}
