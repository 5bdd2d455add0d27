import { Module } from '@nestjs/common';

import { MfeConfigController } from './mfe-config.controller';
import { MfeConfigService } from './mfe-config.service';
import { ScreenFailuresController } from './screen-failures.controller';

@Module({
  controllers: [MfeConfigController, ScreenFailuresController],
  providers: [MfeConfigService],
  exports: [MfeConfigService],
})
export class MfeConfigModule {}
