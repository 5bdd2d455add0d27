import 'reflect-metadata';

import { NestFactory } from '@nestjs/core';
import type { NestExpressApplication } from '@nestjs/platform-express';

import { AppModule } from './app.module';
import { ApprovalsService } from './approvals/approvals.service';
import { AudiosService } from './audios/audios.service';
import { CatalogCountersService } from './audios/catalog-counters.service';
import { GrowthRefreshService } from './audios/growth-refresh.service';
import { createLogger, NestPinoLogger } from './common/logger';
import { loadConfig } from './config/env.schema';
import { configureApp } from './configure-app';
import { DatabaseWatch } from './persistence/database-watch.service';
import { FiguresReconciliationService } from './reconciliation/figures-reconciliation.service';

async function bootstrap(): Promise<void> {
  const config = loadConfig(process.env);
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
  logger.info(`API listening on port ${config.PORT}`);
  // Figures a killed process left wrong (moved by a second command after their cause) are recounted.
  app
    .get(FiguresReconciliationService)
    .reconcile()
    .catch((error: Error) => logger.error({ err: error }, 'Reconciling the derived figures failed'));
  // Where the lists are kept in memory, read them now rather than on the first request.
  app
    .get(ApprovalsService)
    .warm()
    .catch((error: Error) => logger.error({ err: error }, 'Loading the approvals failed'));
  app
    .get(AudiosService)
    .warmList()
    .then(
      // Then audios stored before their counted templates were kept get them (the segment statistics read them).
      () => app.get(CatalogCountersService).recountUncounted(),
      (error: Error) => logger.error({ err: error }, 'Loading the audio list failed'),
    )
    .then((n) => n && logger.info(`Recounted ${n} audios`))
    .catch((error: Error) => logger.error({ err: error }, 'Recounting the audios failed'))
    // Growth follows the moving seven-day window, refreshed every hour.
    .then(() =>
      app.get(GrowthRefreshService).start((error) => logger.error({ err: error }, 'Refreshing growth failed')),
    );
}

bootstrap().catch((err: Error) => {
  createLogger('error').fatal({ err }, 'The API could not start');
  process.exit(1);
});
