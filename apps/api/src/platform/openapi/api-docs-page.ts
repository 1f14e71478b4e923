import type { NestExpressApplication } from '@nestjs/platform-express';
import type { Express, NextFunction, Request, Response } from 'express';
import swaggerUi from 'swagger-ui-express';
import { API_DOCS_PATH, OPENAPI_JSON_PATH } from './openapi-document';

/**
 * The Swagger UI page at /api/docs/ over the document at /api/docs/openapi.json. Its scripts, styles and icons are
 * files of this origin (swagger-ui-dist, and the page's start script swagger-ui-init.js), so the page runs under the
 * product's Content-Security-Policy (scripts from 'self' only) without exceptions. /api/docs redirects to /api/docs/:
 * the page names its assets relative to itself.
 */
export function mountApiDocs(app: NestExpressApplication): void {
  const options: swaggerUi.SwaggerUiOptions = { swaggerUrl: OPENAPI_JSON_PATH, customSiteTitle: 'Team inbox API' };
  const page = swaggerUi.setup(undefined, options);
  app.use(API_DOCS_PATH, swaggerUi.serveFiles(undefined, options));
  (app.getHttpAdapter().getInstance() as Express).get(
    API_DOCS_PATH,
    (req: Request, res: Response, next: NextFunction) => {
      if (!req.path.endsWith('/')) return res.redirect(301, `${API_DOCS_PATH}/`);
      res.setHeader('Cache-Control', 'no-cache');
      page(req, res, next);
    },
  );
}
