import { Module } from '@nestjs/common';

import { AudiosModule } from '../audios/audios.module';
import { LockClock } from './lock-clock';
import { LocksController } from './locks.controller';
import { LocksService } from './locks.service';

@Module({
  imports: [AudiosModule],
  controllers: [LocksController],
  providers: [LocksService, LockClock],
  exports: [LockClock],
})
export class LocksModule {}
