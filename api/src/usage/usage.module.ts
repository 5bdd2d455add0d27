import { Module } from '@nestjs/common';

import { AudiosModule } from '../audios/audios.module';
import { ReelsModule } from '../reels/reels.module';
import { UsageController } from './usage.controller';
import { UsageService } from './usage.service';

/** GET /api/audio-usage/ */
@Module({
  imports: [AudiosModule, ReelsModule],
  controllers: [UsageController],
  providers: [UsageService],
})
export class UsageModule {}
