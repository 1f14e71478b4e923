import { type MiddlewareConsumer, Module, type NestModule } from '@nestjs/common';
import { requestIdMiddleware } from './request-id.middleware';

/** Gives every HTTP request its scope (request id, actor, team) before guards and handlers run. */
@Module({})
export class RequestContextModule implements NestModule {
  configure(consumer: MiddlewareConsumer): void {
    consumer.apply(requestIdMiddleware).forRoutes('{*path}');
  }
}
