import { Global, Module } from '@nestjs/common';
import { APP_INTERCEPTOR } from '@nestjs/core';
import { MongooseModule } from '@nestjs/mongoose';
import type { Connection } from 'mongoose';

import { APP_CONFIG } from '../config/config.module';
import type { AppConfig } from '../config/env.schema';
import { ChangeBatchInterceptor } from './change-batch.interceptor';
import { countCommandsPerRequest } from './command-count';
import { ListQueries } from './list-query';
import { observeCollections } from './observed-collections';
import { WriteBatches } from './write-batches';

/** The connection, set up so writes to the observed collections record their changes, and the list reads. */
@Global()
@Module({
  imports: [
    MongooseModule.forRootAsync({
      inject: [APP_CONFIG],
      useFactory: (config: AppConfig) => ({
        uri: config.MONGODB_URI,
        // A stopped database fails requests (503) within a few seconds instead of holding them.
        serverSelectionTimeoutMS: 3000,
        // A restarted database is seen (and logged) within a second or two.
        heartbeatFrequencyMS: 1000,
        retryAttempts: 3,
        autoIndex: true,
        monitorCommands: config.DB_COMMAND_COUNT,
        connectionFactory: (connection: Connection) => {
          // Mongoose otherwise captures a stack trace on every query, to report a query run twice: 1–2 % of the
          // API's CPU under load, for an error that running a query object once makes impossible.
          connection.base.set('skipOriginalStackTraces', true);
          if (config.DB_COMMAND_COUNT) countCommandsPerRequest(connection);
          observeCollections(connection, config.AUDIO_LIST_INDEX);
          return connection;
        },
      }),
    }),
  ],
  providers: [ListQueries, WriteBatches, { provide: APP_INTERCEPTOR, useClass: ChangeBatchInterceptor }],
  exports: [ListQueries, WriteBatches],
})
export class DatabaseModule {}
