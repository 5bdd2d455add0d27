import type { MeResponse } from '@curator/shared/contract';
import { Body, Controller, Get, HttpCode, Inject, Post, Req, Res } from '@nestjs/common';
import { ApiOkResponse, ApiTags } from '@nestjs/swagger';
import type { Request, Response } from 'express';

import type { SessionUser } from '../common/auth.decorators';
import { CurrentUser, Public } from '../common/auth.decorators';
import { issueCsrfCookie } from '../common/csrf.middleware';
import { isSecureRequest } from '../common/secure-request';
import { clearSessionCookie, SESSION_COOKIE_NAME, setSessionCookie } from '../common/session-cookie';
import { APP_CONFIG } from '../config/config.module';
import type { AppConfig } from '../config/env.schema';
import { LoginDto, MeDto } from './auth.dto';
import { AuthService, LoginThrottledException } from './auth.service';

@ApiTags('auth')
@Controller()
export class AuthController {
  constructor(
    private readonly auth: AuthService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /** New session id and new anti-forgery token on every login (no fixation). */
  @Public()
  @Post('auth/login')
  @HttpCode(200)
  @ApiOkResponse({ type: MeDto })
  async login(
    @Body() body: LoginDto,
    @Req() req: Request,
    @Res({ passthrough: true }) res: Response,
  ): Promise<MeResponse> {
    const result = await this.auth.login(body.username, body.password, req.ip ?? 'unknown').catch((error) => {
      if (error instanceof LoginThrottledException) res.setHeader('Retry-After', String(error.retryAfterS));
      throw error;
    });
    await this.auth.logout(req.cookies?.[SESSION_COOKIE_NAME]);
    const secure = isSecureRequest(this.config, req);
    setSessionCookie(res, result.token, result.expiresAt, secure);
    issueCsrfCookie(res, secure, result.token);
    return result.user;
  }

  /** Public so that a stale cookie can always be cleared; the session itself is deleted. */
  @Public()
  @Post('auth/logout')
  @HttpCode(204)
  async logout(@Req() req: Request, @Res({ passthrough: true }) res: Response): Promise<void> {
    await this.auth.logout(req.cookies?.[SESSION_COOKIE_NAME]);
    clearSessionCookie(res, isSecureRequest(this.config, req));
  }

  @Get('me')
  @ApiOkResponse({ type: MeDto })
  me(@CurrentUser() user: SessionUser): MeResponse {
    return { username: user.username, admin: user.admin };
  }
}
