import type { Pool } from 'pg';
import { RateLimiterPostgres, RateLimiterRes } from 'rate-limiter-flexible';

/** Table of the counters (migration ScaleOut1769400000000), shared by every replica. */
export const RATE_LIMIT_TABLE = 'rate_limit';

export interface RateLimitKey {
  key: string;
  /** Hits allowed per window. */
  limit: number;
  windowMs: number;
}

/**
 * Fixed-window counters in PostgreSQL (rate-limiter-flexible's Postgres store): at most `limit` hits per key per
 * window, counted by every API replica together. A key holds no personal data in clear (callers hash addresses).
 */
export class SharedRateLimiter {
  private readonly limiters = new Map<string, RateLimiterPostgres>();

  constructor(private readonly pool: Pool) {}

  /** Counts one hit for every key; false when any of them was already at its limit in its window. */
  async hit(keys: RateLimitKey[]): Promise<boolean> {
    const results = await Promise.all(keys.map((key) => this.consume(key)));
    return results.every(Boolean);
  }

  private async consume({ key, limit, windowMs }: RateLimitKey): Promise<boolean> {
    try {
      await this.limiter(limit, windowMs).consume(key);
      return true;
    } catch (error) {
      if (error instanceof RateLimiterRes) return false;
      throw error;
    }
  }

  private limiter(points: number, windowMs: number): RateLimiterPostgres {
    const duration = Math.max(1, Math.round(windowMs / 1000));
    const id = `${points}/${duration}`;
    let limiter = this.limiters.get(id);
    if (!limiter) {
      limiter = new RateLimiterPostgres({
        storeClient: this.pool,
        tableName: RATE_LIMIT_TABLE,
        tableCreated: true,
        keyPrefix: 'rl',
        points,
        duration,
      });
      this.limiters.set(id, limiter);
    }
    return limiter;
  }
}
