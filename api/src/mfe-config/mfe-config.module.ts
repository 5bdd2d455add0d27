import { Module } from '@nestjs/common';

import { MfeConfigController } from './mfe-config.controller';
import { MfeConfigService } from './mfe-config.service';

@Module({ controllers: [MfeConfigController], providers: [MfeConfigService] })
export class MfeConfigModule {}
