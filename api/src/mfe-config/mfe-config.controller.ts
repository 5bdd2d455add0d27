import type { RemoteDefinition } from '@curator/shared/contract';
import { Controller, Get, Header } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';

import { Public } from '../common/auth.decorators';
import { MfeConfigService } from './mfe-config.service';

@ApiTags('mfe-config')
@Controller('mfe-config')
export class MfeConfigController {
  constructor(private readonly mfeConfig: MfeConfigService) {}

  /** The run-time remote map the shell registers: `[{name, entry, routes, build}]`. */
  @Public()
  @Get()
  @Header('Cache-Control', 'no-cache')
  list(): Promise<RemoteDefinition[]> {
    return this.mfeConfig.readRemotes();
  }
}
