import type { NestExpressApplication } from '@nestjs/platform-express';
import cookieParser from 'cookie-parser';
import type { NextFunction, Request, Response } from 'express';
import helmet from 'helmet';
import type { Logger } from 'pino';
import { pinoHttp } from 'pino-http';

import { ApiExceptionFilter } from './common/api-exception.filter';
import { handleBodyErrors, requireJsonBodies } from './common/body-errors.middleware';
import { compressResponses } from './common/compress-responses';
import { csrfMiddleware } from './common/csrf.middleware';
import { DetailValidationPipe } from './common/detail-validation.pipe';
import { rejectForbiddenKeys } from './common/forbidden-keys.middleware';
import { createLogger } from './common/logger';
import { serveOpenApi } from './common/openapi';
import { isSecureRequest } from './common/secure-request';
import { isPageFileRequest, serveFrontEnds } from './common/static-assets';
import { APP_CONFIG } from './config/config.module';
import type { AppConfig } from './config/env.schema';
import { pageHead } from './mfe-config/page-head';
import { noteArrival } from './persistence/change-batch.interceptor';
import { reportCommandCount } from './persistence/command-count';

/** Request lines only: id, method, url, status, time. No bodies, cookies or headers. */
function requestLogger(logger: Logger) {
  return pinoHttp({
    logger,
    serializers: {
      req: (req: { id?: unknown; method?: string; url?: string }) => ({ id: req.id, method: req.method, url: req.url }),
      res: (res: { statusCode?: number }) => ({ statusCode: res.statusCode }),
    },
    customLogLevel: (_req, res, err) =>
      err || res.statusCode >= 500 ? 'error' : res.statusCode >= 400 ? 'warn' : 'info',
    autoLogging: { ignore: (req) => (req.url ?? '').startsWith('/api/health') },
  });
}

/**
 * Helmet's headers. A page, an API answer or anything a browser could show as a document gets them all.
 * A script, style sheet or font gets only those a browser heeds on such a file (nosniff, and the
 * cross-origin resource policy): the others (CSP, frame options, referrer policy and the rest) act only on
 * documents, and at about 700 bytes they were a fifth of a small script's answer, on some 25 scripts
 * per cold page load.
 */
function securityHeaders(config: AppConfig) {
  const forDocuments = helmet({
    contentSecurityPolicy: {
      directives: {
        'script-src': ["'self'"],
        'worker-src': ["'self'", 'blob:'],
        'media-src': ["'self'", 'blob:', 'data:'],
        'img-src': ["'self'", 'data:', 'blob:', 'https:'],
        'connect-src': ["'self'", 'blob:', 'data:'],
        'style-src': ["'self'", "'unsafe-inline'"],
        'font-src': ["'self'", 'data:'],
        'upgrade-insecure-requests': config.isProduction ? [] : null,
      },
    },
    strictTransportSecurity: config.isProduction,
  });
  const forPageFiles = helmet({
    contentSecurityPolicy: false,
    crossOriginOpenerPolicy: false,
    originAgentCluster: false,
    referrerPolicy: false,
    strictTransportSecurity: false,
    xDnsPrefetchControl: false,
    xDownloadOptions: false,
    xFrameOptions: false,
    xPermittedCrossDomainPolicies: false,
    xXssProtection: false,
  });
  return (req: Request, res: Response, next: NextFunction) => {
    return (isPageFileRequest(req) ? forPageFiles : forDocuments)(req, res, next);
  };
}

/** JSON answers of the API are per-user: never cached unless a route says otherwise. */
function noStoreForApi(req: Request, res: Response, next: NextFunction): void {
  if (req.path === '/api' || req.path.startsWith('/api/')) res.setHeader('Cache-Control', 'no-store');
  next();
}

/** How long an idle kept-alive connection stays open: longer than the proxies in front keep theirs. */
const IDLE_CONNECTION_MS = 65_000;

/**
 * Everything around the Nest routes, shared by main.ts and the tests: call before `init()`/`listen()`.
 * Order matters: logging, headers, cookies, CSRF, body parsing, operator-key check, static files.
 */
export function configureApp(app: NestExpressApplication): NestExpressApplication {
  const config = app.get<AppConfig>(APP_CONFIG);
  const logger = createLogger(config.LOG_LEVEL);
  app.set('trust proxy', config.TRUST_PROXY);
  app.disable('x-powered-by');
  // A proxy in front keeps idle connections open to reuse them (nginx, load balancers: 60 s). Node
  // closes an idle one after 5 s, and a request the proxy sends on it just then fails (502): idle
  // connections here outlive the proxy's.
  const server = app.getHttpServer();
  server.keepAliveTimeout = IDLE_CONNECTION_MS;
  server.headersTimeout = IDLE_CONNECTION_MS + 1000;
  app.setGlobalPrefix('api');
  app.use(noteArrival);
  if (config.DB_COMMAND_COUNT) app.use(reportCommandCount);
  app.use(requestLogger(logger));
  app.use(compressResponses());
  app.use(securityHeaders(config));
  app.use(cookieParser());
  app.use(noStoreForApi);
  app.use(csrfMiddleware({ isSecure: (req) => isSecureRequest(config, req), allowedOrigins: config.ALLOWED_ORIGINS }));
  app.use(requireJsonBodies);
  app.useBodyParser('json', { limit: config.BODY_LIMIT });
  app.use(handleBodyErrors);
  app.use(rejectForbiddenKeys);
  serveOpenApi(app);
  serveFrontEnds(app, config.WEB_ROOT, pageHead(app, config), { sourceMaps: config.SERVE_SOURCE_MAPS });
  app.useGlobalPipes(new DetailValidationPipe());
  app.useGlobalFilters(new ApiExceptionFilter(logger));
  return app;
}
