import type { HlPoint, HlPointTop } from '@curator/shared/contract';
import { Controller, Get, Query } from '@nestjs/common';
import { ApiOkResponse, ApiTags } from '@nestjs/swagger';

import { NothingExpected } from '../common/empty.dto';
import { HlPointDto, HlPointTopDto } from './hlpoints.dto';
import { HlPointsService } from './hlpoints.service';

@ApiTags('hlpoints')
@Controller('hlpoints')
export class HlPointsController {
  constructor(private readonly hlPoints: HlPointsService) {}

  @Get()
  @ApiOkResponse({ type: [HlPointDto] })
  list(@Query(NothingExpected) _query: object): Promise<HlPoint[]> {
    return this.hlPoints.list();
  }

  @Get('top')
  @ApiOkResponse({ type: HlPointTopDto })
  top(@Query(NothingExpected) _query: object): Promise<HlPointTop> {
    return this.hlPoints.top();
  }
}
