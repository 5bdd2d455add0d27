import { ERROR_MESSAGES } from '@curator/shared/contract';
import { Controller, Get, Header, HttpException, HttpStatus } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';

import { Public } from '../common/auth.decorators';
import { HealthService } from './health.service';

@ApiTags('health')
@Controller('health')
export class HealthController {
  constructor(private readonly health: HealthService) {}

  /** 200 `{status:"ok", db:"up"}`, or 503 when the database does not answer. */
  @Public()
  @Get()
  @Header('Cache-Control', 'no-store')
  async check(): Promise<{ status: 'ok'; db: 'up' }> {
    if (await this.health.isDatabaseUp()) return { status: 'ok', db: 'up' };
    throw new HttpException(
      { status: 'error', db: 'down', detail: ERROR_MESSAGES.DB_UNAVAILABLE },
      HttpStatus.SERVICE_UNAVAILABLE,
    );
  }
}
