import { Module } from '@nestjs/common';

import { BeatImagesController } from './beat-images.controller';
import { BeatImagesService } from './beat-images.service';

@Module({
  controllers: [BeatImagesController],
  providers: [BeatImagesService],
})
export class BeatImagesModule {}
