import { ScreenFailureReportSchema } from '@curator/shared/contract';
import { Body, Controller, HttpCode, Logger, Post, Req } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { createZodDto } from 'nestjs-zod';

import type { SessionRequest } from '../common/auth.decorators';

class ScreenFailureReportDto extends createZodDto(ScreenFailureReportSchema) {}

/** Screens that failed in a user's browser, written to the API's log so that an operator sees them. */
@ApiTags('mfe-config')
@Controller('screen-failures')
export class ScreenFailuresController {
  private readonly logger = new Logger('ScreenFailure');

  @Post()
  @HttpCode(204)
  report(@Body() body: ScreenFailureReportDto, @Req() req: SessionRequest): void {
    this.logger.warn(
      `screen ${body.screen} failed (${body.kind}) for ${req.user?.username ?? 'unknown'}: ${body.error} [entry ${body.entry}]`,
    );
  }
}
