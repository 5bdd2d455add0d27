import { Module } from '@nestjs/common';

import { AudiosModule } from '../audios/audios.module';
import { HlPointsController } from './hlpoints.controller';
import { HlPointsService } from './hlpoints.service';

@Module({
  imports: [AudiosModule],
  controllers: [HlPointsController],
  providers: [HlPointsService],
})
export class HlPointsModule {}
