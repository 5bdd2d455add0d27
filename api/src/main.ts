import 'reflect-metadata';
import { NestFactory } from '@nestjs/core';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { AppModule } from './app.module';
import { ApprovalRowsService } from './approvals/approval-rows.service';
import { AudiosService } from './audios/audios.service';
import { CatalogCountersService } from './audios/catalog-counters.service';
import { configureApp } from './configure-app';
import { loadConfig } from './config/env.schema';

async function bootstrap(): Promise<void> {
  const config = loadConfig(process.env);
  const app = await NestFactory.create<NestExpressApplication>(AppModule, {
    abortOnError: false,
    logger: config.LOG_LEVEL === 'silent' ? false : ['error', 'warn'],
  });
  configureApp(app);
  app.enableShutdownHooks();
  await app.listen(config.PORT);
  console.log(JSON.stringify({ level: 30, time: Date.now(), msg: `API listening on port ${config.PORT}` }));
  // Where the lists are kept in memory, read them now rather than on the first request.
  app.get(ApprovalRowsService).warmList().catch((error: Error) => console.error(`Loading the approvals failed: ${error.message}`));
  app
    .get(AudiosService)
    .warmList()
    .then(
      // Then audios stored before their counted templates were kept get them (the segment statistics read them).
      () => app.get(CatalogCountersService).recountUncounted(),
      (error: Error) => console.error(`Loading the audio list failed: ${error.message}`),
    )
    .then((n) => n && console.log(JSON.stringify({ level: 30, time: Date.now(), msg: `Recounted ${n} audios` })))
    .catch((error: Error) => console.error(`Recounting the audios failed: ${error.message}`));
}

bootstrap().catch((err: Error) => {
  console.error(err.message);
  process.exit(1);
});
