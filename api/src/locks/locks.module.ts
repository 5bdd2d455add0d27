import { Module } from '@nestjs/common';
import { MongooseModule } from '@nestjs/mongoose';

import { AudiosModule } from '../audios/audios.module';
import { UsersModule } from '../users/users.module';
import { LockClock } from './lock-clock';
import { LockLease, LockLeaseSchema } from './lock-lease.schema';
import { LocksController } from './locks.controller';
import { LocksRepository } from './locks.repository';
import { LocksService } from './locks.service';

@Module({
  imports: [MongooseModule.forFeature([{ name: LockLease.name, schema: LockLeaseSchema }]), AudiosModule, UsersModule],
  controllers: [LocksController],
  providers: [LocksRepository, LocksService, LockClock],
  exports: [LocksService],
})
export class LocksModule {}
