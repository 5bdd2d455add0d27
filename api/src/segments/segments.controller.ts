import type { SegmentStatsQuery, SegmentStatsRow } from '@curator/shared/contract';
import { Controller, Get, Query } from '@nestjs/common';
import { ApiOkResponse, ApiTags } from '@nestjs/swagger';

import { SegmentStatsQueryDto, SegmentStatsRowDto } from './segments.dto';
import { SegmentsService } from './segments.service';

@ApiTags('segment')
@Controller('segment')
export class SegmentsController {
  constructor(private readonly segments: SegmentsService) {}

  @Get('stats')
  @ApiOkResponse({ type: [SegmentStatsRowDto] })
  stats(@Query() query: SegmentStatsQueryDto): Promise<SegmentStatsRow[]> {
    // The validation pipe hands over the schema's parsed output, not the DTO's input type.
    return this.segments.stats(query as unknown as SegmentStatsQuery);
  }
}
