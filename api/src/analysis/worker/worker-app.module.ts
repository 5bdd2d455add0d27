import { Module } from '@nestjs/common';
import { EventEmitterModule } from '@nestjs/event-emitter';

import { ConfigModule } from '../../config/config.module';
import { DatabaseModule } from '../../persistence/database.module';
import { AnalysisWorkerModule } from './analysis-worker.module';

/** Root module of a worker process: configuration, database and the worker, no HTTP. */
@Module({ imports: [ConfigModule.forRoot(), DatabaseModule, EventEmitterModule.forRoot(), AnalysisWorkerModule] })
export class WorkerAppModule {}
