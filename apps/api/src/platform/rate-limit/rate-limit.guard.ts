import {
  type CanActivate,
  type ExecutionContext,
  HttpException,
  HttpStatus,
  Inject,
  Injectable,
  SetMetadata,
} from '@nestjs/common';
import { createHash } from 'node:crypto';
import { Reflector } from '@nestjs/core';
import { IDENTITY_MESSAGES } from '@teaminbox/contracts';
import type { Request } from 'express';
import { APP_CONFIG, type AppConfig, DEFAULT_RATE_LIMIT, type RateLimitConfig } from '../config/app-config';
import { ClusterPool } from '../cluster/cluster-pool';
import { clientAddressKey } from './client-address';
import { SharedRateLimiter } from './rate-limiter';

const RATE_LIMIT_SCOPE = 'rateLimit:scope';

/**
 * Limits a route per client address (RATE_LIMIT_PER_IP), and per email address of the body or, on a signed-in route,
 * per user (RATE_LIMIT_PER_ADDRESS), per RATE_LIMIT_WINDOW_SECONDS; every attempt counts, successful or not.
 * Over the limit the call answers 429 {success:false, message}. The counters are shared by every replica
 * (SharedRateLimiter); the client address is Express's `req.ip`, which honours TRUST_PROXY_HOPS, counted as
 * clientAddressKey says (an IPv6 client by its /64 prefix).
 */
export const RateLimit = (scope: string) => SetMetadata(RATE_LIMIT_SCOPE, scope);

/** The application's counters (one instance, whichever controllers use the guard), kept in PostgreSQL. */
@Injectable()
export class RateLimitCounters {
  readonly limits: RateLimitConfig;
  readonly limiter: SharedRateLimiter;

  constructor(@Inject(APP_CONFIG) config: AppConfig, cluster: ClusterPool) {
    this.limits = config.rateLimit ?? DEFAULT_RATE_LIMIT;
    this.limiter = new SharedRateLimiter(cluster.pool);
  }
}

/** An email address as a counter key: hashed, so the table holds no address in clear. */
export function addressKey(email: string): string {
  return createHash('sha256').update(email.trim().toLowerCase()).digest('hex');
}

/** Use with @UseGuards(RateLimitGuard) and @RateLimit(scope) on a route. */
@Injectable()
export class RateLimitGuard implements CanActivate {
  constructor(
    private readonly reflector: Reflector,
    private readonly counters: RateLimitCounters,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    if (context.getType() !== 'http') return true;
    const scope = this.reflector.get<string | undefined>(RATE_LIMIT_SCOPE, context.getHandler());
    if (!scope) return true;
    const request = context.switchToHttp().getRequest<Request>();
    const { limits, limiter } = this.counters;
    const ip = clientAddressKey(request.ip ?? request.socket.remoteAddress ?? 'unknown');
    const { windowMs } = limits;
    const keys = [{ key: `${scope}:ip:${ip}`, limit: limits.perIp, windowMs }];
    // The global JwtAuthGuard ran first: on a signed-in route the caller is known.
    const userId = (request as Request & { user?: { id?: unknown } }).user?.id;
    if (typeof userId === 'string') keys.push({ key: `${scope}:user:${userId}`, limit: limits.perAddress, windowMs });
    const email = (request.body as { email?: unknown } | undefined)?.email;
    if (typeof email === 'string' && email.trim()) {
      keys.push({ key: `${scope}:address:${addressKey(email)}`, limit: limits.perAddress, windowMs });
    }
    if (await limiter.hit(keys)) return true;
    throw new HttpException(
      { success: false, message: IDENTITY_MESSAGES.tooManyAttempts, statusCode: HttpStatus.TOO_MANY_REQUESTS },
      HttpStatus.TOO_MANY_REQUESTS,
    );
  }
}
