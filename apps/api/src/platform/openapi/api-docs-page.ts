import type { NestExpressApplication } from '@nestjs/platform-express';
import type { Express, NextFunction, Request, Response } from 'express';
import swaggerUi from 'swagger-ui-express';
import type { AppConfig } from '../config/app-config';
import { hasBearerToken } from '../http/bearer-token';
import { API_DOCS_PATH, OPENAPI_JSON_PATH } from './openapi-document';

/**
 * Who may read the API documentation (the page, its files and /api/docs/openapi.json), like GET /metrics: with
 * METRICS_TOKEN set only `Authorization: Bearer <METRICS_TOKEN>` (401 otherwise); without it nobody in production
 * (404) and anyone elsewhere.
 */
export function apiDocsAccess(config: AppConfig) {
  return (req: Request, res: Response, next: NextFunction) => {
    if (config.metricsToken) {
      if (hasBearerToken(req, config.metricsToken)) return next();
      res.setHeader('WWW-Authenticate', 'Bearer');
      return res.status(401).json({ message: 'Unauthorized', statusCode: 401 });
    }
    if (config.production) return res.status(404).json({ message: 'Not Found', statusCode: 404 });
    next();
  };
}

/**
 * The Swagger UI page at /api/docs/ over the document at /api/docs/openapi.json. Its scripts, styles and icons are
 * files of this origin (swagger-ui-dist, and the page's start script swagger-ui-init.js), so the page runs under the
 * product's Content-Security-Policy (scripts from 'self' only) without exceptions. /api/docs redirects to /api/docs/:
 * the page names its assets relative to itself.
 */
export function mountApiDocs(app: NestExpressApplication, config: AppConfig): void {
  // Before the page and before the document's route (Nest adds its routes after this middleware).
  app.use(API_DOCS_PATH, apiDocsAccess(config));
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
