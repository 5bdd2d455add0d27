import type { HlPoint, HlPointTop } from '@curator/shared/contract';
import { Controller, Get } from '@nestjs/common';
import { ApiOkResponse, ApiTags } from '@nestjs/swagger';

import { HlPointDto, HlPointTopDto } from './hlpoints.dto';
import { HlPointsService } from './hlpoints.service';

@ApiTags('hlpoints')
@Controller('hlpoints')
export class HlPointsController {
  constructor(private readonly hlPoints: HlPointsService) {}

  @Get()
  @ApiOkResponse({ type: [HlPointDto] })
  list(): Promise<HlPoint[]> {
    return this.hlPoints.list();
  }

  @Get('top')
  @ApiOkResponse({ type: HlPointTopDto })
  top(): Promise<HlPointTop> {
    return this.hlPoints.top();
  }
}
