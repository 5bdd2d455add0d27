import type { AudioParams, LockState } from '@curator/shared/contract';
import { Body, Controller, HttpCode, Param, Post } from '@nestjs/common';
import { ApiOkResponse, ApiTags } from '@nestjs/swagger';

import { AudioParamsDto } from '../audios/audios.dto';
import { CurrentUser, type SessionUser } from '../common/auth.decorators';
import { NothingExpected } from '../common/empty.dto';
import { LockStateDto } from './locks.dto';
import { LocksService } from './locks.service';

@ApiTags('audio')
@Controller('audio')
export class LocksController {
  constructor(private readonly locks: LocksService) {}

  @Post(':id/lock')
  @HttpCode(200)
  @ApiOkResponse({ type: LockStateDto })
  lock(
    @Param() params: AudioParamsDto,
    @CurrentUser() user: SessionUser,
    @Body(NothingExpected) _body: object,
  ): Promise<LockState> {
    return this.locks.take((params as AudioParams).id, user.username);
  }

  @Post(':id/unlock')
  @HttpCode(200)
  @ApiOkResponse({ type: LockStateDto })
  unlock(@Param() params: AudioParamsDto, @Body(NothingExpected) _body: object): Promise<LockState> {
    return this.locks.release((params as AudioParams).id);
  }
}
