import type { Template, TemplateListQuery } from '@curator/shared/contract';
import { Controller, Get, Query } from '@nestjs/common';
import { ApiOkResponse, ApiTags } from '@nestjs/swagger';

import { TemplateDto, TemplateListQueryDto } from './templates.dto';
import { TemplatesService } from './templates.service';

@ApiTags('templates')
@Controller('templates')
export class TemplatesController {
  constructor(private readonly templates: TemplatesService) {}

  @Get()
  @ApiOkResponse({ type: [TemplateDto] })
  list(@Query() query: TemplateListQueryDto): Promise<Template[]> {
    // The pipe hands over the schema's parsed output, not the DTO's input type.
    return this.templates.listForAudio(query as unknown as TemplateListQuery);
  }
}
