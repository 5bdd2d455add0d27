import 'reflect-metadata';

import cluster from 'node:cluster';

import { NestFactory } from '@nestjs/core';
import type { NestExpressApplication } from '@nestjs/platform-express';

import { AppModule } from './app.module';
import { ApprovalsService } from './approvals/approvals.service';
import { AudiosService } from './audios/audios.service';
import { CatalogCountersService } from './audios/catalog-counters.service';
import { GrowthRefreshService } from './audios/growth-refresh.service';
import { createLogger, NestPinoLogger } from './common/logger';
import { AppConfig, loadConfig } from './config/env.schema';
import { configureApp } from './configure-app';
import { type StartupRead, StartupReads } from './health/startup-reads.service';
import { DatabaseWatch } from './persistence/database-watch.service';
import { FiguresReconciliationService } from './reconciliation/figures-reconciliation.service';
import { SessionsService } from './sessions/sessions.service';

/** This process's place among the workers: 0 when the API runs as one process. */
const WORKER_INDEX = cluster.isWorker ? Number(process.env.API_WORKER_INDEX ?? 0) : 0;

async function bootstrap(config: AppConfig): Promise<void> {
  const logger = createLogger(config.LOG_LEVEL);
  const app = await NestFactory.create<NestExpressApplication>(AppModule, {
    abortOnError: false,
    logger: new NestPinoLogger(logger),
  });
  configureApp(app);
  app.enableShutdownHooks();
  // A database that does not come back: exit non-zero, so that a supervisor restarts the API.
  app.get(DatabaseWatch).onGiveUp = () => process.exit(1);
  await app.listen(config.PORT);
  logger.info(
    cluster.isWorker
      ? `API listening on port ${config.PORT} (worker ${WORKER_INDEX + 1} of ${config.API_WORKERS}, pid ${process.pid})`
      : `API listening on port ${config.PORT}`,
  );
  // Where the lists are kept in memory, each process reads them now rather than on the first request;
  // the first process also checks the stored figures. The audio list first: most screens read it.
  const reads: StartupRead[] = [
    { name: 'sessions', read: () => app.get(SessionsService).warm() },
    { name: 'audio list', read: () => app.get(AudiosService).warmList() },
    { name: 'approvals', read: () => app.get(ApprovalsService).warm() },
  ];
  if (WORKER_INDEX === 0)
    reads.push(
      // Figures a killed process left wrong (moved by a second command after their cause) are recounted.
      { name: 'figures reconciliation', read: () => app.get(FiguresReconciliationService).reconcile() },
      {
        // Audios stored before their counted templates were kept get them (the segment statistics read them).
        name: 'recount of uncounted audios',
        read: async () => {
          const n = await app.get(CatalogCountersService).recountUncounted();
          if (n) logger.info(`Recounted ${n} audios`);
        },
      },
    );
  void app
    .get(StartupReads)
    .run(reads, logger)
    .then(() => {
      // Growth follows the moving seven-day window, refreshed every hour.
      if (WORKER_INDEX === 0)
        app.get(GrowthRefreshService).start((error) => logger.error({ err: error }, 'Refreshing growth failed'));
    });
}

/**
 * The first process of API_WORKERS > 1: starts the workers on the one port and stops with them. A
 * worker that exits (the database gave up, a crash) stops the others, and this process exits non-zero.
 */
function superviseWorkers(config: AppConfig): void {
  const logger = createLogger(config.LOG_LEVEL);
  let stopping = false;
  const stopAll = (code: number) => {
    if (stopping) return;
    stopping = true;
    process.exitCode = code;
    for (const worker of Object.values(cluster.workers ?? {})) worker?.process.kill('SIGTERM');
  };
  for (let index = 0; index < config.API_WORKERS; index++) cluster.fork({ API_WORKER_INDEX: String(index) });
  cluster.on('exit', (worker, code, signal) => {
    if (!stopping) {
      logger.error(`API worker pid ${worker.process.pid} stopped (${signal ?? `exit ${code}`}); stopping the API`);
      stopAll(1);
    }
  });
  for (const signal of ['SIGTERM', 'SIGINT'] as const) process.on(signal, () => stopAll(0));
}

function main(): void {
  const config = loadConfig(process.env);
  if (cluster.isPrimary && config.API_WORKERS > 1) return superviseWorkers(config);
  bootstrap(config).catch((err: Error) => {
    createLogger('error').fatal({ err }, 'The API could not start');
    process.exit(1);
  });
}

main();
