import { existsSync } from 'node:fs';
import type { ServerResponse } from 'node:http';
import { basename, join } from 'node:path';
import type { LoggerService } from '@nestjs/common';
import type { NestExpressApplication } from '@nestjs/platform-express';
import compression from 'compression';
import type { NextFunction, Request, Response } from 'express';
import expressStaticGzip from 'express-static-gzip';

export const REMOTES = ['inbox', 'admin', 'settings'] as const;

/** Paths the shell's SPA fallback never answers. */
const NOT_SPA = /^\/(api|ws|remotes|metrics)(\/|$)/;
/** Build output names that carry a content hash, e.g. main.3f2a9c1b.js or 123.a1b2c3d4e5.css. */
const HASHED = /[.-][0-9a-f]{8,}\.(js|mjs|css|woff2?|ttf|eot|svg|png|jpe?g|gif|webp|ico|map)$/i;

function setCacheHeaders(res: ServerResponse, path: string): void {
  // A precompressed copy (main.3f2a9c1b.js.br) is cached like the file it stands for.
  const name = basename(path).replace(/\.(br|gz)$/, '');
  if (HASHED.test(name) && !name.startsWith('remoteEntry')) {
    res.setHeader('Cache-Control', 'public, max-age=31536000, immutable');
  } else {
    res.setHeader('Cache-Control', 'no-cache');
  }
}

/**
 * The web's files go out compressed, brotli or gzip as the browser accepts: the build's precompressed copies
 * (brotli 11, gzip 9) where there are some, compressed on the fly otherwise (small files); API answers are left alone.
 */
const compress = compression({ threshold: 1024 });

function staticFiles(dir: string, index: string | false) {
  return expressStaticGzip(dir, {
    enableBrotli: true,
    orderPreference: ['br', 'gzip'],
    index,
    serveStatic: { index, redirect: false, setHeaders: setCacheHeaders },
  });
}
function compressWeb(req: Request, res: Response, next: NextFunction): void {
  if (NOT_SPA.test(req.originalUrl) && !req.originalUrl.startsWith('/remotes/')) return next();
  compress(req, res, next);
}

function notFound(_req: Request, res: Response): void {
  res.status(404).type('text/plain').send('Not found');
}

/**
 * Serves the built front end from the repository: the shell at / (with an SPA fallback to its
 * index.html) and each remote at /remotes/<name>/ (no fallback), compressed, hashed files cached for a year.
 * A missing build only logs a warning.
 */
export function serveWebAssets(app: NestExpressApplication, webRoot: string, logger: LoggerService): void {
  for (const remote of REMOTES) {
    const dir = join(webRoot, 'apps', `mfe-${remote}`, 'dist');
    if (existsSync(dir)) {
      app.use(`/remotes/${remote}`, compressWeb, staticFiles(dir, false));
    } else {
      logger.warn(`Remote '${remote}' is not built (${dir} missing); /remotes/${remote}/ answers 404`, 'WebAssets');
    }
  }
  app.use('/remotes', notFound);

  const shellDir = join(webRoot, 'apps', 'shell', 'dist');
  const shellIndex = join(shellDir, 'index.html');
  if (!existsSync(shellIndex)) {
    logger.warn(`The shell is not built (${shellIndex} missing); / is not served`, 'WebAssets');
    return;
  }
  app.use(compressWeb, staticFiles(shellDir, 'index.html'));
  app.use((req: Request, res: Response, next: NextFunction) => {
    if ((req.method !== 'GET' && req.method !== 'HEAD') || NOT_SPA.test(req.path)) return next();
    res.setHeader('Cache-Control', 'no-cache');
    res.sendFile(shellIndex);
  });
}
