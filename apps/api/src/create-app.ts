import { type LoggerService, RequestMethod } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import type { NestExpressApplication } from '@nestjs/platform-express';
import express, { type NextFunction, type Request, type Response } from 'express';
import { AppModule } from './app.module';
import type { AppConfig } from './platform/config/app-config';
import { AccessTokenService } from './platform/auth/access-token.service';
import { authenticateBeforeBody } from './platform/http/authenticate-before-body';
import { securityHeaders } from './platform/http/security-headers';
import { serveWebAssets } from './platform/http/web-assets';
import { createAppLogger } from './platform/logging/app-logger';
import { METRICS_PATH } from './platform/metrics/metrics.controller';
import { mountApiDocs } from './platform/openapi/api-docs-page';
import { assignRequestId } from './platform/request-context/request-id.middleware';

export const API_PREFIX = 'api';
/** JSON bodies are small: a request that needs more is one of LARGE_JSON_BODIES. */
export const JSON_BODY_LIMIT = '100kb';

/**
 * The calls that legitimately carry large JSON bodies, with their limits (read only after the caller's access token
 * is checked, see authenticateBeforeBody): a reply carries its attachments as base64
 * (REPLY_MAX_ATTACHMENTS, about 25 MB of files), a draft up to 5 million characters of text and of HTML, a reply
 * template 100 kB of each, a rule up to 30 values of 2,000 characters (up to 4 bytes each in UTF-8).
 */
export const LARGE_JSON_BODIES: { method: string; path: RegExp; limit: string }[] = [
  { method: 'POST', path: /^\/api\/emails\/send-reply$/, limit: '35mb' },
  { method: 'POST', path: /^\/api\/emails\/[^/]+\/replies$/, limit: '12mb' },
  { method: 'PUT', path: /^\/api\/emails\/[^/]+\/replies\/[^/]+$/, limit: '12mb' },
  { method: 'POST', path: /^\/api\/reply-templates$/, limit: '512kb' },
  { method: 'PUT', path: /^\/api\/reply-templates\/[^/]+$/, limit: '512kb' },
  { method: 'POST', path: /^\/api\/rules$/, limit: '512kb' },
  { method: 'PUT', path: /^\/api\/rules\/[^/]+$/, limit: '512kb' },
];

export interface CreateAppOptions {
  config: AppConfig;
  databaseUrl: string;
  logger?: LoggerService;
  /** Serve the built shell and remotes (default true). */
  serveWeb?: boolean;
}

/**
 * Builds the whole application (API under /api, socket.io at /ws, the front end) without listening.
 * main.ts and the integration tests both use it.
 */
export async function createApp(options: CreateAppOptions): Promise<NestExpressApplication> {
  const logger = options.logger ?? createAppLogger(options.config.logLevel);
  const app = await NestFactory.create<NestExpressApplication>(
    AppModule.forRoot({ config: options.config, databaseUrl: options.databaseUrl }),
    { logger, abortOnError: false },
  );
  app.disable('x-powered-by');
  app.use(assignRequestId);
  // Behind TRUST_PROXY_HOPS reverse proxies req.ip is the client's address from X-Forwarded-For (rate limits).
  app.set('trust proxy', options.config.trustProxyHops ?? 0);
  app.use(securityHeaders());
  // A large body is read only for a signed-in caller: an anonymous one is refused before its body is.
  const largeBody = (req: Request) =>
    LARGE_JSON_BODIES.some(({ method, path }) => req.method === method && path.test(req.path));
  app.use(authenticateBeforeBody(app.get(AccessTokenService), largeBody));
  // The larger limits first: a body parsed there is not parsed again by the default parser.
  for (const { method, path, limit } of LARGE_JSON_BODIES) {
    const parser = express.json({ limit });
    app.use((req: Request, res: Response, next: NextFunction) =>
      req.method === method && path.test(req.path) ? parser(req, res, next) : next(),
    );
  }
  app.useBodyParser('json', { limit: JSON_BODY_LIMIT });
  app.setGlobalPrefix(API_PREFIX, { exclude: [{ path: METRICS_PATH, method: RequestMethod.GET }] });
  // PUT /api/team carries the team name as a text/plain body (the spec); JSON {name} also works.
  app.use(`/${API_PREFIX}/team`, express.text({ type: 'text/plain', limit: '8kb' }));
  mountApiDocs(app, options.config);
  if (options.config.production && !options.config.metricsToken) {
    logger.warn(
      {
        message: 'METRICS_TOKEN is not set: GET /metrics and the API documentation (/api/docs) are off in production',
        setting: 'METRICS_TOKEN',
      },
      'Main',
    );
  }
  if (options.serveWeb !== false) serveWebAssets(app, options.config.webRoot, logger);
  return app;
}
