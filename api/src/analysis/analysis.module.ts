import { Module } from '@nestjs/common';

import { AudiosModule } from '../audios/audios.module';
import { AnalysisController } from './analysis.controller';
import { AnalysisService } from './analysis.service';
import { JobsModule } from './jobs/jobs.module';

/** The analysis endpoints; jobs are run by AnalysisWorkerModule in worker processes. */
@Module({
  imports: [JobsModule, AudiosModule],
  controllers: [AnalysisController],
  providers: [AnalysisService],
  exports: [AnalysisService, JobsModule],
})
export class AnalysisModule {}
