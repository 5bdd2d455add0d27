import type { BeatParams } from '@curator/shared/contract';
import { Body, Controller, Delete, Get, HttpCode, Param, Patch, Post, Put, Query } from '@nestjs/common';
import { ApiOkResponse, ApiTags } from '@nestjs/swagger';

import { CurrentUser, type SessionUser } from '../common/auth.decorators';
import type { BeatAnswer } from './beat-wire';
import {
  BeatCreateBodyDto,
  BeatDoneBodyDto,
  BeatDoneDto,
  BeatDto,
  BeatListQueryDto,
  BeatParamsDto,
  BeatRenameBodyDto,
  BeatUpdateBodyDto,
} from './beats.dto';
import { BeatCreate, BeatsService, BeatUpdate } from './beats.service';

// The validation pipe hands over each schema's parsed output, hence the casts from the DTO types.
@ApiTags('beats')
@Controller('beats')
export class BeatsController {
  constructor(private readonly beats: BeatsService) {}

  @Get()
  @ApiOkResponse({ type: [BeatDto] })
  list(@Query() query: BeatListQueryDto): Promise<BeatAnswer[]> {
    return this.beats.list(query.music_canonical_id);
  }

  @Post()
  @ApiOkResponse({ type: BeatDto })
  create(@Body() body: BeatCreateBodyDto, @CurrentUser() user: SessionUser): Promise<BeatAnswer> {
    return this.beats.create(body as unknown as BeatCreate, user.username);
  }

  @Put(':id')
  @ApiOkResponse({ type: BeatDto })
  replace(
    @Param() params: BeatParamsDto,
    @Body() body: BeatUpdateBodyDto,
    @CurrentUser() user: SessionUser,
  ): Promise<BeatAnswer> {
    return this.beats.replace((params as BeatParams).id, body as unknown as BeatUpdate, user.username);
  }

  @Patch(':id')
  @ApiOkResponse({ type: BeatDto })
  rename(
    @Param() params: BeatParamsDto,
    @Body() body: BeatRenameBodyDto,
    @CurrentUser() user: SessionUser,
  ): Promise<BeatAnswer> {
    return this.beats.rename((params as BeatParams).id, body.name, user.username);
  }

  @Delete(':id')
  @HttpCode(204)
  async remove(@Param() params: BeatParamsDto, @CurrentUser() user: SessionUser): Promise<void> {
    await this.beats.remove((params as BeatParams).id, user.username);
  }

  @Post(':id/toggle_beats_done')
  @HttpCode(200)
  @ApiOkResponse({ type: BeatDoneDto })
  toggleDone(
    @Param() params: BeatParamsDto,
    @Body() body: BeatDoneBodyDto,
    @CurrentUser() user: SessionUser,
  ): Promise<{ done: boolean; version: number }> {
    return this.beats.setDone((params as BeatParams).id, body.done, user.username);
  }
}
