import { Global, type MiddlewareConsumer, Module, type NestModule } from '@nestjs/common';
import { HttpMetricsMiddleware } from './http-metrics.middleware';
import { MetricsController } from './metrics.controller';
import { Metrics } from './metrics';
import { SubscriberMetrics } from './subscriber-metrics';

/**
 * Prometheus metrics: the registry every module registers its metrics in (`Metrics`, global), GET /metrics, the
 * HTTP latency histogram of every API request and the subscribers' lag and parked events.
 */
@Global()
@Module({
  controllers: [MetricsController],
  providers: [Metrics, SubscriberMetrics, HttpMetricsMiddleware],
  exports: [Metrics],
})
export class MetricsModule implements NestModule {
  configure(consumer: MiddlewareConsumer): void {
    consumer.apply(HttpMetricsMiddleware).forRoutes('{*path}');
  }
}
