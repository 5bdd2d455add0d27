import { Module } from '@nestjs/common';
import { MongooseModule } from '@nestjs/mongoose';

import { AudiosModule } from '../audios/audios.module';
import { LocksModule } from '../locks/locks.module';
import { TemplatesModule } from '../templates/templates.module';
import { Beat, BeatSchema } from './beat.schema';
import { BeatsController } from './beats.controller';
import { BeatsRepository } from './beats.repository';
import { BeatsService } from './beats.service';
import { EndingPointsController } from './ending-points.controller';

@Module({
  imports: [
    MongooseModule.forFeature([{ name: Beat.name, schema: BeatSchema }]),
    AudiosModule,
    LocksModule,
    TemplatesModule,
  ],
  controllers: [BeatsController, EndingPointsController],
  providers: [BeatsRepository, BeatsService],
  exports: [BeatsService, BeatsRepository],
})
export class BeatsModule {}
