import 'reflect-metadata';

import { type DynamicModule, type INestApplicationContext, Module, type Type } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { EventEmitterModule } from '@nestjs/event-emitter';

import { ConfigModule } from '../config/config.module';
import { type AppConfig, loadConfig } from '../config/env.schema';
import { DatabaseModule } from '../persistence/database.module';

/** Where a command-line run works: the database, and the media folder when it reads or writes media. */
export type CliTarget = { mongodbUri: string; mediaDir?: string };

@Module({})
class CliModule {}

/**
 * Runs `fn` with the API's own services of `feature` (and the database, config and events they need) on
 * the target, outside the HTTP app and without its logs; the context is closed afterwards. Used by the
 * commands that create an admin, import a catalog and seed the demo.
 */
export async function withCliContext<T>(
  target: CliTarget,
  feature: Type | DynamicModule,
  fn: (ctx: INestApplicationContext, config: AppConfig) => Promise<T>,
): Promise<T> {
  const config = loadConfig({
    ...process.env,
    MONGODB_URI: target.mongodbUri,
    ...(target.mediaDir === undefined ? {} : { MEDIA_DIR: target.mediaDir }),
    LOG_LEVEL: 'silent',
  });
  const ctx = await NestFactory.createApplicationContext(
    {
      module: CliModule,
      imports: [ConfigModule.forRoot(config), DatabaseModule, EventEmitterModule.forRoot(), feature],
    },
    { logger: false, abortOnError: false },
  );
  try {
    return await fn(ctx, config);
  } finally {
    await ctx.close();
  }
}
