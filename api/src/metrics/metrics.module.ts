import { Module } from '@nestjs/common';

import { JobsModule } from '../analysis/jobs/jobs.module';
import { AudiosModule } from '../audios/audios.module';
import { BeatsModule } from '../beats/beats.module';
import { TagsModule } from '../tags/tags.module';
import { UsersModule } from '../users/users.module';
import { MetricsController } from './metrics.controller';
import { MetricsRepository } from './metrics.repository';
import { MetricsService } from './metrics.service';

/** GET /api/metrics/ */
@Module({
  imports: [AudiosModule, BeatsModule, JobsModule, TagsModule, UsersModule],
  controllers: [MetricsController],
  providers: [MetricsRepository, MetricsService],
})
export class MetricsModule {}
