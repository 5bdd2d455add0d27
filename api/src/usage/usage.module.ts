import { Module } from '@nestjs/common';
import { UsageController } from './usage.controller';
import { UsageRepository } from './usage.repository';
import { UsageService } from './usage.service';

/** GET /api/audio-usage/ */
@Module({
  controllers: [UsageController],
  providers: [UsageRepository, UsageService],
})
export class UsageModule {}
