import { ERROR_MESSAGES } from '@curator/shared/contract';
import {
  CanActivate,
  ExecutionContext,
  ForbiddenException,
  Inject,
  Injectable,
  UnauthorizedException,
} from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { Response } from 'express';

import { IS_ADMIN_ONLY_KEY, IS_PUBLIC_KEY, SessionRequest } from '../common/auth.decorators';
import { isSecureRequest } from '../common/secure-request';
import { SESSION_COOKIE_NAME, setSessionCookie } from '../common/session-cookie';
import { APP_CONFIG } from '../config/config.module';
import type { AppConfig } from '../config/env.schema';
import { SessionsService } from '../sessions/sessions.service';
import { UsersService } from '../users/users.service';

/**
 * Global guard: every route needs a live session unless marked `@Public()`; `@AdminOnly()` also
 * needs the admin flag. A request reads its session only: the users module writes every change of
 * a user (name, admin flag) into their sessions and deletes them on a deletion or a password reset,
 * so a change applies at the next request on every instance.
 */
@Injectable()
export class SessionGuard implements CanActivate {
  constructor(
    private readonly reflector: Reflector,
    private readonly sessions: SessionsService,
    private readonly users: UsersService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const targets = [context.getHandler(), context.getClass()];
    if (this.reflector.getAllAndOverride<boolean>(IS_PUBLIC_KEY, targets)) return true;
    const http = context.switchToHttp();
    const req = http.getRequest<SessionRequest>();
    const token: unknown = req.cookies?.[SESSION_COOKIE_NAME];
    const session = typeof token === 'string' && token ? await this.sessions.resolve(token) : null;
    const user = session && (session.user ?? (await this.users.findByUsername(session.username)));
    if (!session || !user) throw new UnauthorizedException(ERROR_MESSAGES.NOT_AUTHENTICATED);
    req.user = user;
    req.sessionToken = token as string;
    if (session.extended) {
      setSessionCookie(
        http.getResponse<Response>(),
        token as string,
        session.expiresAt,
        isSecureRequest(this.config, req),
      );
    }
    if (this.reflector.getAllAndOverride<boolean>(IS_ADMIN_ONLY_KEY, targets) && !user.admin) {
      throw new ForbiddenException(ERROR_MESSAGES.ADMIN_ONLY);
    }
    return true;
  }
}
