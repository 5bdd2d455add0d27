import type { AudioUsageQuery, AudioUsageRow } from '@curator/shared/contract';
import { Controller, Get, Query } from '@nestjs/common';
import { ApiOkResponse, ApiTags } from '@nestjs/swagger';

import { AudioUsageQueryDto, AudioUsageRowDto } from './usage.dto';
import { UsageService } from './usage.service';

@ApiTags('audio-usage')
@Controller('audio-usage')
export class UsageController {
  constructor(private readonly usage: UsageService) {}

  @Get()
  @ApiOkResponse({ type: [AudioUsageRowDto] })
  list(@Query() query: AudioUsageQueryDto): Promise<AudioUsageRow[]> {
    // The validation pipe hands over the schema's parsed output, not the DTO's input type.
    return this.usage.list(query as unknown as AudioUsageQuery);
  }
}
