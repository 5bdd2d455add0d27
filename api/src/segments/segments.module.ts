import { Module } from '@nestjs/common';

import { AudiosModule } from '../audios/audios.module';
import { SegmentsController } from './segments.controller';
import { SegmentsService } from './segments.service';

/** GET /api/segment/stats/ */
@Module({
  imports: [AudiosModule],
  controllers: [SegmentsController],
  providers: [SegmentsService],
})
export class SegmentsModule {}
