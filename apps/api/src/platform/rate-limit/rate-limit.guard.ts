import {
  type CanActivate,
  type ExecutionContext,
  HttpException,
  HttpStatus,
  Inject,
  Injectable,
  SetMetadata,
} from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { IDENTITY_MESSAGES } from '@teaminbox/contracts';
import type { Request } from 'express';
import { APP_CONFIG, type AppConfig, DEFAULT_RATE_LIMIT, type RateLimitConfig } from '../config/app-config';
import { RateLimiter } from './rate-limiter';

const RATE_LIMIT_SCOPE = 'rateLimit:scope';

/**
 * Limits a public route per client IP and per email address of the body (RATE_LIMIT_PER_IP and
 * RATE_LIMIT_PER_ADDRESS per RATE_LIMIT_WINDOW_SECONDS); every attempt counts, successful or not.
 * Over the limit the call answers 429 {success:false, message}.
 */
export const RateLimit = (scope: string) => SetMetadata(RATE_LIMIT_SCOPE, scope);

/** The application's counters (one instance, whichever controllers use the guard). */
@Injectable()
export class RateLimitCounters {
  readonly limits: RateLimitConfig;
  readonly limiter: RateLimiter;

  constructor(@Inject(APP_CONFIG) config: AppConfig) {
    this.limits = config.rateLimit ?? DEFAULT_RATE_LIMIT;
    this.limiter = new RateLimiter(this.limits.windowMs);
  }
}

/** Use with @UseGuards(RateLimitGuard) and @RateLimit(scope) on a route. */
@Injectable()
export class RateLimitGuard implements CanActivate {
  constructor(
    private readonly reflector: Reflector,
    private readonly counters: RateLimitCounters,
  ) {}

  canActivate(context: ExecutionContext): boolean {
    if (context.getType() !== 'http') return true;
    const scope = this.reflector.get<string | undefined>(RATE_LIMIT_SCOPE, context.getHandler());
    if (!scope) return true;
    const request = context.switchToHttp().getRequest<Request>();
    const { limits, limiter } = this.counters;
    const ip = request.ip ?? request.socket.remoteAddress ?? 'unknown';
    const keys = [{ key: `${scope}:ip:${ip}`, limit: limits.perIp }];
    const email = (request.body as { email?: unknown } | undefined)?.email;
    if (typeof email === 'string' && email.trim()) {
      keys.push({ key: `${scope}:address:${email.trim().toLowerCase()}`, limit: limits.perAddress });
    }
    if (limiter.hit(keys)) return true;
    throw new HttpException(
      { success: false, message: IDENTITY_MESSAGES.tooManyAttempts, statusCode: HttpStatus.TOO_MANY_REQUESTS },
      HttpStatus.TOO_MANY_REQUESTS,
    );
  }
}
