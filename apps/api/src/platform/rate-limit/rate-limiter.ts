/**
 * Fixed-window counters in memory: at most `limit` hits per key per window. The state lives in this
 * process only (one API process by default); replicas behind a load balancer each count their own.
 */
export class RateLimiter {
  private readonly windows = new Map<string, { startedAt: number; hits: number }>();

  constructor(
    private readonly windowMs: number,
    private readonly now: () => number = Date.now,
  ) {}

  /** Counts one hit for every key; false when any of them was already at its limit in this window. */
  hit(limits: { key: string; limit: number }[]): boolean {
    const now = this.now();
    this.sweep(now);
    let allowed = true;
    for (const { key, limit } of limits) {
      let window = this.windows.get(key);
      if (!window || now - window.startedAt >= this.windowMs) {
        window = { startedAt: now, hits: 0 };
        this.windows.set(key, window);
      }
      window.hits++;
      if (window.hits > limit) allowed = false;
    }
    return allowed;
  }

  private lastSweep = 0;

  /** Drops finished windows now and then, so the map does not grow without bound. */
  private sweep(now: number): void {
    if (now - this.lastSweep < this.windowMs) return;
    this.lastSweep = now;
    for (const [key, window] of this.windows) {
      if (now - window.startedAt >= this.windowMs) this.windows.delete(key);
    }
  }
}
