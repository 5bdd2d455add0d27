import 'reflect-metadata';

import { NestFactory } from '@nestjs/core';

import { AnalysisWorker } from './analysis/worker/analysis-worker';
import { WorkerAppModule } from './analysis/worker/worker-app.module';
import { createLogger, NestPinoLogger } from './common/logger';
import { loadConfig } from './config/env.schema';

/** An analysis worker process: `node api/dist/worker.js` with the API's environment (MONGODB_URI, MEDIA_DIR, …). */
async function bootstrap(): Promise<void> {
  const config = loadConfig(process.env);
  const logger = createLogger(config.LOG_LEVEL);
  const app = await NestFactory.createApplicationContext(WorkerAppModule, {
    abortOnError: false,
    logger: new NestPinoLogger(logger),
  });
  const worker = app.get(AnalysisWorker);
  worker.start();
  logger.info(`Analysis worker ${worker.workerId} started`);
  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info(`Analysis worker stopping (${signal})`);
    await worker.stop();
    await app.close();
    process.exit(0);
  };
  process.on('SIGTERM', () => void stop('SIGTERM'));
  process.on('SIGINT', () => void stop('SIGINT'));
}

bootstrap().catch((err: Error) => {
  createLogger('error').fatal({ err }, 'The analysis worker could not start');
  process.exit(1);
});
