import { ERROR_MESSAGES } from '@curator/shared/contract';
import { Controller, Get, Header, HttpException, HttpStatus } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';

import { Public } from '../common/auth.decorators';
import { HealthService } from './health.service';
import { StartupReads, type StartupReadsState } from './startup-reads.service';

@ApiTags('health')
@Controller('health')
export class HealthController {
  constructor(
    private readonly health: HealthService,
    private readonly startup: StartupReads,
  ) {}

  /**
   * 200 `{status:"ok", db:"up", startup}`, or 503 when the database does not answer. `startup` is
   * "running" while the process makes its start-up reads (StartupReads), then "done".
   */
  @Public()
  @Get()
  @Header('Cache-Control', 'no-store')
  async check(): Promise<{ status: 'ok'; db: 'up'; startup: StartupReadsState }> {
    if (await this.health.isDatabaseUp()) return { status: 'ok', db: 'up', startup: this.startup.state };
    throw new HttpException(
      { status: 'error', db: 'down', detail: ERROR_MESSAGES.DB_UNAVAILABLE },
      HttpStatus.SERVICE_UNAVAILABLE,
    );
  }
}
