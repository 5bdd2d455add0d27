import type { AudioParams, EndingPointsSave } from '@curator/shared/contract';
import { Body, Controller, HttpCode, Param, Post } from '@nestjs/common';
import { ApiOkResponse, ApiTags } from '@nestjs/swagger';

import { AudioParamsDto } from '../audios/audios.dto';
import { AudiosService } from '../audios/audios.service';
import { CurrentUser, type SessionUser } from '../common/auth.decorators';
import { AudioEditsService } from '../locks/audio-edits.service';
import { EndingPointsBodyDto, EndingPointsDto } from './beats.dto';

@ApiTags('audio')
@Controller('audio')
export class EndingPointsController {
  constructor(
    private readonly edits: AudioEditsService,
    private readonly audios: AudiosService,
  ) {}

  /**
   * POST /api/audio/{id}/eps/: the list arrives sorted, unique and spaced by the margin (else 422); with `based_on`, it
   * is written only over that list (else 409).
   */
  @Post(':id/eps')
  @HttpCode(200)
  @ApiOkResponse({ type: EndingPointsDto })
  async save(
    @Param() params: AudioParamsDto,
    @Body() body: EndingPointsBodyDto,
    @CurrentUser() user: SessionUser,
  ): Promise<{ ending_points: number[] }> {
    const id = (params as AudioParams).id;
    const { ending_points: points, based_on: basedOn } = body as EndingPointsSave;
    await this.edits.run(id, user.username, ({ audio }) =>
      this.audios.saveEndingPoints(id, points, audio.duration_s, basedOn),
    );
    return { ending_points: points };
  }
}
