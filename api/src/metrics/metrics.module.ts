import { Module } from '@nestjs/common';
import { AudiosModule } from '../audios/audios.module';
import { MetricsController } from './metrics.controller';
import { MetricsRepository } from './metrics.repository';
import { MetricsService } from './metrics.service';

/** GET /api/metrics/ */
@Module({
  imports: [AudiosModule],
  controllers: [MetricsController],
  providers: [MetricsRepository, MetricsService],
})
export class MetricsModule {}
