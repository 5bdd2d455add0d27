import { Controller, Get, Header } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';

import { Public } from '../common/auth.decorators';
import { MfeConfigService, MfeRemote } from './mfe-config.service';

@ApiTags('mfe-config')
@Controller('mfe-config')
export class MfeConfigController {
  constructor(private readonly mfeConfig: MfeConfigService) {}

  /** The run-time remote map the shell registers: `[{name, entry, routes}]`. */
  @Public()
  @Get()
  @Header('Cache-Control', 'no-cache')
  list(): Promise<MfeRemote[]> {
    return this.mfeConfig.readRemotes();
  }
}
