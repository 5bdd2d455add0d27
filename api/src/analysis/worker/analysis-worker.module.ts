import { Module } from '@nestjs/common';

import { AudiosModule } from '../../audios/audios.module';
import { MediaModule } from '../../media/media.module';
import { AnalysisModule } from '../analysis.module';
import { AnalysisWorker } from './analysis-worker';
import { AutobeatHandler } from './autobeat.handler';
import { JOB_HANDLERS, type JobHandler } from './job-handler';
import { PeaksHandler } from './peaks.handler';
import { StemsHandler } from './stems.handler';

/** The worker loop and its handlers (autobeat, peaks, stems). */
@Module({
  imports: [AnalysisModule, AudiosModule, MediaModule],
  providers: [
    AutobeatHandler,
    PeaksHandler,
    StemsHandler,
    {
      provide: JOB_HANDLERS,
      inject: [AutobeatHandler, PeaksHandler, StemsHandler],
      useFactory: (...handlers: JobHandler[]) => handlers,
    },
    AnalysisWorker,
  ],
  exports: [AnalysisWorker],
})
export class AnalysisWorkerModule {}
