import type { LoggerService } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import type { NestExpressApplication } from '@nestjs/platform-express';
import express from 'express';
import { AppModule } from './app.module';
import type { AppConfig } from './platform/config/app-config';
import { serveWebAssets } from './platform/http/web-assets';
import { createAppLogger } from './platform/logging/app-logger';

export const API_PREFIX = 'api';
export const JSON_BODY_LIMIT = '35mb';

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
  // Replies carry their attachments as base64 in JSON: allow about 25 MB of files per request.
  app.useBodyParser('json', { limit: JSON_BODY_LIMIT });
  app.setGlobalPrefix(API_PREFIX);
  // PUT /api/team carries the team name as a text/plain body (the spec); JSON {name} also works.
  app.use(`/${API_PREFIX}/team`, express.text({ type: 'text/plain', limit: '8kb' }));
  if (options.serveWeb !== false) serveWebAssets(app, options.config.webRoot, logger);
  return app;
}
