import type { AudioDetail, AudioListPage, AudioListQuery, AudioParams } from '@curator/shared/contract';
import { Body, Controller, Get, HttpCode, Param, Post, Query } from '@nestjs/common';
import { ApiOkResponse, ApiTags } from '@nestjs/swagger';

import { AudioDetailDto, AudioListPageDto, AudioListQueryDto, AudioParamsDto, TaggifyBodyDto } from './audios.dto';
import { AudiosService } from './audios.service';

// The validation pipe hands over each schema's parsed output, hence the casts from the DTO types.
@ApiTags('audio')
@Controller('audio')
export class AudiosController {
  constructor(private readonly audios: AudiosService) {}

  @Get()
  @ApiOkResponse({ type: AudioListPageDto })
  list(@Query() query: AudioListQueryDto): Promise<AudioListPage> {
    return this.audios.list(query as unknown as AudioListQuery);
  }

  @Get(':id')
  @ApiOkResponse({ type: AudioDetailDto })
  detail(@Param() params: AudioParamsDto): Promise<AudioDetail> {
    return this.audios.detail((params as AudioParams).id);
  }

  @Post(':id/taggify')
  @HttpCode(200)
  taggify(@Param() params: AudioParamsDto, @Body() body: TaggifyBodyDto): Promise<{ tags: string[] }> {
    return this.audios.taggify((params as AudioParams).id, body.tags as string[]);
  }
}
