import { Module } from '@nestjs/common';
import { MongooseModule } from '@nestjs/mongoose';

import { AnalysisJob, AnalysisJobSchema } from './analysis-job.schema';
import { JobsRepository } from './jobs.repository';
import { JobsService } from './jobs.service';

/** The analysis job queue; import it for `JobsService` (enqueue, claim, countByStatus, …). */
@Module({
  imports: [MongooseModule.forFeature([{ name: AnalysisJob.name, schema: AnalysisJobSchema }])],
  providers: [JobsRepository, JobsService],
  exports: [JobsService],
})
export class JobsModule {}
