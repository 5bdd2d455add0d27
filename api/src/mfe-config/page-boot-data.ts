import type { NestExpressApplication } from '@nestjs/platform-express';
import type { Request, Response } from 'express';

import { SESSION_COOKIE_NAME, setSessionCookie } from '../auth/session-cookie';
import { isSecureRequest } from '../common/secure-request';
import type { AppConfig } from '../config/env.schema';
import { SessionsService } from '../sessions/sessions.service';
import { MfeConfigService } from './mfe-config.service';

/** What the shell's page carries: the remote map, and the user when the request has a live session. */
export type PageBootData = { remotes: unknown[]; me: { username: string; admin: boolean } | null };
export type PageBootDataSource = (req: Request, res: Response) => Promise<PageBootData>;

/**
 * The data written into every page the shell serves, so that the current screen starts loading with
 * no API round trip before it (the same answers as GET /api/mfe-config/ and GET /api/me/).
 */
export function pageBootData(app: NestExpressApplication, config: AppConfig): PageBootDataSource {
  const remotes = app.get(MfeConfigService);
  const sessions = app.get(SessionsService);
  return async (req, res) => {
    const token: unknown = req.cookies?.[SESSION_COOKIE_NAME];
    const [map, session] = await Promise.all([
      remotes.readRemotes(),
      typeof token === 'string' && token ? sessions.resolve(token) : null,
    ]);
    if (session?.extended) setSessionCookie(res, token as string, session.expiresAt, isSecureRequest(config, req));
    const me = session?.user ? { username: session.user.username, admin: session.user.admin } : null;
    return { remotes: map, me };
  };
}
