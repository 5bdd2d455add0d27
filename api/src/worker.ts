import 'reflect-metadata';
import { NestFactory } from '@nestjs/core';
import { AnalysisWorker } from './analysis/worker/analysis-worker';
import { WorkerAppModule } from './analysis/worker/worker-app.module';
import { loadConfig } from './config/env.schema';

/** An analysis worker process: `node api/dist/worker.js` with the API's environment (MONGODB_URI, MEDIA_DIR, …). */
async function bootstrap(): Promise<void> {
  const config = loadConfig(process.env);
  const app = await NestFactory.createApplicationContext(WorkerAppModule, {
    abortOnError: false,
    logger: config.LOG_LEVEL === 'silent' ? false : ['error', 'warn'],
  });
  const worker = app.get(AnalysisWorker);
  worker.start();
  console.log(JSON.stringify({ level: 30, time: Date.now(), msg: `Analysis worker ${worker.workerId} started` }));
  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    console.log(JSON.stringify({ level: 30, time: Date.now(), msg: `Analysis worker stopping (${signal})` }));
    await worker.stop();
    await app.close();
    process.exit(0);
  };
  process.on('SIGTERM', () => void stop('SIGTERM'));
  process.on('SIGINT', () => void stop('SIGINT'));
}

bootstrap().catch((err: Error) => {
  console.error(err.message);
  process.exit(1);
});
