/** Calls in flight to one host at most (per process). */
export const OUTBOUND_PER_HOST = 2;
/** Calls in flight for one team at most (per process), across its hosts and channels. */
export const OUTBOUND_PER_TEAM = 4;

/**
 * No slot was free for the call within its deadline (or at once, when the caller does not wait): nothing was sent,
 * so the call may simply be made again later (a job retries).
 */
export class OutboundBusyError extends Error {
  constructor(readonly scope: 'host' | 'team') {
    super(`Too many calls in flight for this ${scope}; try again later`);
    this.name = 'OutboundBusyError';
  }
}

type Release = () => void;

/**
 * At most `limit` holders per key. A waiter is served in arrival order and gives up when its signal aborts; a
 * released slot goes straight to the next waiter. Hand-written (a few lines): the limiters on npm queue work without a
 * way to withdraw one waiting call at its own deadline.
 */
export class KeyedSemaphore {
  private readonly held = new Map<string, number>();
  private readonly waiting = new Map<string, { grant: (release: Release) => void }[]>();

  constructor(readonly limit: number) {}

  /** Slots of `key` in use now. */
  inFlight(key: string): number {
    return this.held.get(key) ?? 0;
  }

  /** A slot now, or null when all are taken. */
  tryAcquire(key: string): Release | null {
    const held = this.inFlight(key);
    if (held >= this.limit) return null;
    this.held.set(key, held + 1);
    return this.releaser(key);
  }

  /** A slot as soon as one is free; rejects with `onAbort()` when the signal aborts first. */
  acquire(key: string, signal: AbortSignal, onAbort: () => Error): Promise<Release> {
    const now = this.tryAcquire(key);
    if (now) return Promise.resolve(now);
    if (signal.aborted) return Promise.reject(onAbort());
    return new Promise<Release>((resolve, reject) => {
      const waiter = {
        grant: (release: Release) => {
          signal.removeEventListener('abort', abandon);
          resolve(release);
        },
      };
      const abandon = () => {
        const queue = this.waiting.get(key) ?? [];
        const at = queue.indexOf(waiter);
        if (at >= 0) queue.splice(at, 1);
        if (queue.length === 0) this.waiting.delete(key);
        reject(onAbort());
      };
      signal.addEventListener('abort', abandon, { once: true });
      this.waiting.set(key, [...(this.waiting.get(key) ?? []), waiter]);
    });
  }

  private releaser(key: string): Release {
    let released = false;
    return () => {
      if (released) return;
      released = true;
      const queue = this.waiting.get(key);
      const next = queue?.shift();
      if (queue && queue.length === 0) this.waiting.delete(key);
      if (next) {
        next.grant(this.releaser(key));
        return;
      }
      const held = this.inFlight(key) - 1;
      if (held > 0) this.held.set(key, held);
      else this.held.delete(key);
    };
  }
}

/** The concurrency limits of outbound calls to user-given hosts: per host name and per team. */
export class OutboundLimits {
  readonly host: KeyedSemaphore;
  readonly team: KeyedSemaphore;

  constructor(limits: { perHost?: number; perTeam?: number } = {}) {
    this.host = new KeyedSemaphore(limits.perHost ?? OUTBOUND_PER_HOST);
    this.team = new KeyedSemaphore(limits.perTeam ?? OUTBOUND_PER_TEAM);
  }
}

/** The process's limits, shared by every outbound call that is not given its own. */
export const outboundLimits = new OutboundLimits();
