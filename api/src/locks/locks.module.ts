import { Module } from '@nestjs/common';
import { MongooseModule } from '@nestjs/mongoose';

import { Audio, AudioSchema } from '../audios/audio.schema';
import { AudiosModule } from '../audios/audios.module';
import { AudioEditsService } from './audio-edits.service';
import { LockClock } from './lock-clock';
import { LockHints } from './lock-hints';
import { LocksController } from './locks.controller';
import { LocksRepository } from './locks.repository';
import { LocksService } from './locks.service';

/** The audio lock and the edits under way: their own part of the audio document, and the road for edits. */
@Module({
  imports: [MongooseModule.forFeature([{ name: Audio.name, schema: AudioSchema }]), AudiosModule],
  controllers: [LocksController],
  providers: [LocksService, LocksRepository, LockClock, LockHints, AudioEditsService],
  exports: [LockClock, LocksRepository, AudioEditsService],
})
export class LocksModule {}
