import type { AudioParams, AutobeatAnswer, StemStatus } from '@curator/shared/contract';
import { Body, Controller, Get, HttpCode, Param, Post } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';

import { AudioParamsDto } from '../audios/audios.dto';
import { NothingExpected } from '../common/empty.dto';
import { AnalysisService } from './analysis.service';

/** Autobeat and stems (docs/screens.md); the work itself runs in analysis worker processes. */
@ApiTags('analysis')
@Controller()
export class AnalysisController {
  constructor(private readonly analysis: AnalysisService) {}

  @Post('autobeat/:id')
  @HttpCode(200)
  autobeat(@Param() params: AudioParamsDto, @Body(NothingExpected) _body: object): Promise<AutobeatAnswer> {
    return this.analysis.autobeat((params as AudioParams).id);
  }

  @Post('audio/:id/stem')
  @HttpCode(200)
  requestStems(@Param() params: AudioParamsDto, @Body(NothingExpected) _body: object): Promise<StemStatus> {
    return this.analysis.requestStems((params as AudioParams).id);
  }

  @Get('audio/:id/stem')
  stemStatus(@Param() params: AudioParamsDto): Promise<StemStatus> {
    return this.analysis.stemStatus((params as AudioParams).id);
  }
}
