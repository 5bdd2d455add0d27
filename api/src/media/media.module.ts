import { Module, OnModuleInit } from '@nestjs/common';
import { HttpAdapterHost } from '@nestjs/core';
import type { Application } from 'express';

import { SessionsModule } from '../sessions/sessions.module';
import { SessionsService } from '../sessions/sessions.service';
import { createMediaHandler } from './media-route';
import { MediaStoreService } from './media-store.service';

/** The media store, and /media/… on the HTTP server (outside the /api prefix). */
@Module({
  imports: [SessionsModule],
  providers: [MediaStoreService],
  exports: [MediaStoreService],
})
export class MediaModule implements OnModuleInit {
  constructor(
    private readonly adapterHost: HttpAdapterHost,
    private readonly store: MediaStoreService,
    private readonly sessions: SessionsService,
  ) {}

  /** Runs after Nest's routes and before its not-found handler; absent in a CLI context. */
  onModuleInit(): void {
    const server = this.adapterHost.httpAdapter?.getInstance?.() as Application | undefined;
    if (!server?.use) return;
    const handler = createMediaHandler({
      resolve: (relative) => this.store.resolve(relative),
      hasSession: async (token) => (await this.sessions.resolve(token)) !== null,
    });
    server.use('/media', (req, res, next) => void handler(req, res, next));
  }
}
