import { Module } from '@nestjs/common';

import { DatabaseWatch } from '../persistence/database-watch.service';
import { HealthController } from './health.controller';
import { HealthService } from './health.service';
import { StartupReads } from './startup-reads.service';

@Module({
  controllers: [HealthController],
  providers: [HealthService, DatabaseWatch, StartupReads],
  exports: [DatabaseWatch, StartupReads],
})
export class HealthModule {}
