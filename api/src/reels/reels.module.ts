import { Module } from '@nestjs/common';
import { MongooseModule } from '@nestjs/mongoose';

import { Reel, ReelSchema } from './reel.schema';
import { ReelsRepository } from './reels.repository';

@Module({
  imports: [MongooseModule.forFeature([{ name: Reel.name, schema: ReelSchema }])],
  providers: [ReelsRepository],
  exports: [ReelsRepository],
})
export class ReelsModule {}
