import { createParamDecorator, ExecutionContext, SetMetadata } from '@nestjs/common';
import type { Request } from 'express';

export const IS_PUBLIC_KEY = 'curator:isPublic';
export const IS_ADMIN_ONLY_KEY = 'curator:isAdminOnly';

/** The caller as the session guard resolved it. */
export type SessionUser = { username: string; admin: boolean };
export type SessionRequest = Request & { user?: SessionUser; sessionToken?: string };

/** Reachable without a session (login, health, mfe-config, openapi). */
export const Public = () => SetMetadata(IS_PUBLIC_KEY, true);

/** Needs a session of an admin user; others get 403 `{"detail":"Admin only"}`. */
export const AdminOnly = () => SetMetadata(IS_ADMIN_ONLY_KEY, true);

/** The logged-in user of a non-public route. */
export const CurrentUser = createParamDecorator(
  (_data: unknown, ctx: ExecutionContext): SessionUser => ctx.switchToHttp().getRequest<SessionRequest>().user!,
);
