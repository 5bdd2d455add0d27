import type { Tag } from '@curator/shared/contract';
import { Body, Controller, Delete, Get, HttpCode, Param, Post } from '@nestjs/common';
import { ApiOkResponse, ApiTags } from '@nestjs/swagger';

import { AdminOnly } from '../common/auth.decorators';
import { TagCreateBodyDto, TagDto, TagParamsDto } from './tags.dto';
import { TagsService } from './tags.service';

@ApiTags('tags')
@Controller('tags')
export class TagsController {
  constructor(private readonly tags: TagsService) {}

  @Get()
  @ApiOkResponse({ type: [TagDto] })
  list(): Promise<Tag[]> {
    return this.tags.list();
  }

  @Post()
  @AdminOnly()
  @ApiOkResponse({ type: TagDto })
  create(@Body() body: TagCreateBodyDto): Promise<Tag> {
    return this.tags.create(body.text);
  }

  @Delete(':text')
  @AdminOnly()
  @HttpCode(204)
  async remove(@Param() params: TagParamsDto): Promise<void> {
    await this.tags.delete(params.text);
  }
}
