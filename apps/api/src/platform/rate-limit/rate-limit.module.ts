import { Global, Module } from '@nestjs/common';
import { RateLimitCounters, RateLimitGuard } from './rate-limit.guard';

/** The counters of the rate-limited routes, shared by every RateLimitGuard. */
@Global()
@Module({ providers: [RateLimitCounters, RateLimitGuard], exports: [RateLimitCounters, RateLimitGuard] })
export class RateLimitModule {}
