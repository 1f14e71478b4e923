import { Injectable, type NestMiddleware } from '@nestjs/common';
import type { NextFunction, Request, Response } from 'express';
import { METRIC_PREFIX, Metrics } from './metrics';

/** What a request that matched no route is counted as: its URL is not a label value (unbounded). */
export const UNMATCHED_ROUTE = 'unmatched';

/**
 * The path template of the endpoint that served the request. A route for all methods is no endpoint: it is the
 * adapter's not-found handler (a catch-all), and a request that reached only it matched nothing.
 */
function routeTemplate(req: Request): string {
  const route = req.route as { path?: unknown; methods?: Record<string, boolean> } | undefined;
  if (!route || typeof route.path !== 'string' || route.methods?._all) return UNMATCHED_ROUTE;
  return route.path;
}

/**
 * Times every API request into `teaminbox_http_request_duration_seconds{method, route, status}`. The route is the
 * matched route's template (`/api/emails/:id`), never the URL; a request that matched none counts as `unmatched`.
 */
@Injectable()
export class HttpMetricsMiddleware implements NestMiddleware {
  private readonly duration;

  constructor(metrics: Metrics) {
    this.duration = metrics.histogram({
      name: `${METRIC_PREFIX}http_request_duration_seconds`,
      help: 'Time from the request reaching the API to its answer being sent, by method, route template and status.',
      labelNames: ['method', 'route', 'status'] as const,
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    });
  }

  use(req: Request, res: Response, next: NextFunction): void {
    const stop = this.duration.startTimer();
    res.once('finish', () => stop({ method: req.method, route: routeTemplate(req), status: res.statusCode }));
    next();
  }
}
