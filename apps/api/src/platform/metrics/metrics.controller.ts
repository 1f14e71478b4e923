import { Controller, Get, Inject, NotFoundException, Req, Res, UnauthorizedException } from '@nestjs/common';
import type { Request, Response } from 'express';
import { Public } from '../auth/public.decorator';
import { APP_CONFIG, type AppConfig } from '../config/app-config';
import { hasBearerToken } from '../http/bearer-token';
import { Metrics } from './metrics';

/** The path of the Prometheus endpoint, outside /api (the convention scrapers expect). */
export const METRICS_PATH = 'metrics';

/**
 * GET /metrics: the Prometheus text exposition. With METRICS_TOKEN set, only `Authorization: Bearer <METRICS_TOKEN>`
 * gets it (401 otherwise). Without it, in production (NODE_ENV=production) it is off (404); elsewhere anyone who
 * reaches the port gets it.
 */
@Public()
@Controller(METRICS_PATH)
export class MetricsController {
  constructor(
    private readonly metrics: Metrics,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  @Get()
  async scrape(@Req() req: Request, @Res({ passthrough: true }) res: Response): Promise<string> {
    if (this.config.production && !this.config.metricsToken) throw new NotFoundException();
    if (this.config.metricsToken && !hasBearerToken(req, this.config.metricsToken)) {
      res.setHeader('WWW-Authenticate', 'Bearer');
      throw new UnauthorizedException();
    }
    res.setHeader('Content-Type', this.metrics.contentType);
    res.setHeader('Cache-Control', 'no-store');
    return this.metrics.scrape();
  }
}
