import type { Metric } from '@curator/shared/contract';
import { Controller, Get, Query } from '@nestjs/common';
import { ApiOkResponse, ApiTags } from '@nestjs/swagger';

import { NothingExpected } from '../common/empty.dto';
import { MetricDto } from './metrics.dto';
import { MetricsService } from './metrics.service';

@ApiTags('metrics')
@Controller('metrics')
export class MetricsController {
  constructor(private readonly metrics: MetricsService) {}

  @Get()
  @ApiOkResponse({ type: [MetricDto] })
  list(@Query(NothingExpected) _query: object): Promise<Metric[]> {
    return this.metrics.list();
  }
}
