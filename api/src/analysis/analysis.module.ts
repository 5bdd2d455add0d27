import { Module } from '@nestjs/common';
import { MongooseModule } from '@nestjs/mongoose';

import { Audio, AudioSchema } from '../audios/audio.schema';
import { AudiosModule } from '../audios/audios.module';
import { AnalysisController } from './analysis.controller';
import { AnalysisService } from './analysis.service';
import { AnalysisResultsRepository } from './analysis-results.repository';
import { JobsModule } from './jobs/jobs.module';

/**
 * The analysis endpoints, and the analysis results' part of the audio document (peaks, stems);
 * jobs are run by AnalysisWorkerModule in worker processes.
 */
@Module({
  imports: [MongooseModule.forFeature([{ name: Audio.name, schema: AudioSchema }]), JobsModule, AudiosModule],
  controllers: [AnalysisController],
  providers: [AnalysisService, AnalysisResultsRepository],
  exports: [AnalysisService, AnalysisResultsRepository, JobsModule],
})
export class AnalysisModule {}
