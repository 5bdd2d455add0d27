import { Module } from '@nestjs/common';

import { DatabaseWatch } from '../persistence/database-watch.service';
import { HealthController } from './health.controller';
import { HealthService } from './health.service';

@Module({ controllers: [HealthController], providers: [HealthService, DatabaseWatch], exports: [DatabaseWatch] })
export class HealthModule {}
