import type { NestExpressApplication } from '@nestjs/platform-express';
import { DocumentBuilder, OpenAPIObject, SwaggerModule } from '@nestjs/swagger';
import type { NextFunction, Request, Response } from 'express';
import { cleanupOpenApiDoc } from 'nestjs-zod';

import { SESSION_COOKIE_NAME } from './session-cookie';

export const OPENAPI_PATH = '/api/openapi.json';

/** `GET /api/openapi.json` (public): built from the controllers and zod DTOs on first request. */
export function serveOpenApi(app: NestExpressApplication): void {
  let doc: OpenAPIObject | undefined;
  app.use(OPENAPI_PATH, (req: Request, res: Response, next: NextFunction) => {
    if (req.method !== 'GET' || (req.path !== '/' && req.path !== '')) return next();
    doc ??= cleanupOpenApiDoc(
      SwaggerModule.createDocument(
        app,
        new DocumentBuilder()
          .setTitle('Curator API')
          .setDescription('Errors: 422 {"detail":[{loc,msg,type}]}, others {"detail":"text"}. Writes need X-CSRFToken.')
          .setVersion('1.0')
          .addCookieAuth(SESSION_COOKIE_NAME)
          .build(),
      ),
    );
    res.setHeader('Cache-Control', 'no-cache');
    res.json(doc);
  });
}
