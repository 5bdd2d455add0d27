import { Module } from '@nestjs/common';
import { SegmentsController } from './segments.controller';
import { SegmentsRepository } from './segments.repository';
import { SegmentsService } from './segments.service';

/** GET /api/segment/stats/ */
@Module({
  controllers: [SegmentsController],
  providers: [SegmentsRepository, SegmentsService],
})
export class SegmentsModule {}
