import { Module } from '@nestjs/common';
import { MongooseModule } from '@nestjs/mongoose';

import { Reel, ReelSchema } from './reel.schema';
import { ReelsRepository } from './reels.repository';
import { ReelsService } from './reels.service';

@Module({
  imports: [MongooseModule.forFeature([{ name: Reel.name, schema: ReelSchema }])],
  providers: [ReelsRepository, ReelsService],
  exports: [ReelsService],
})
export class ReelsModule {}
