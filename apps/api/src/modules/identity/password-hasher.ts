import { availableParallelism } from 'node:os';
import { HttpException, HttpStatus, Injectable } from '@nestjs/common';
import { IDENTITY_MESSAGES } from '@teaminbox/contracts';
import argon2 from 'argon2';

/**
 * argon2id at OWASP's first recommended setting (19 MiB, 2 passes, 1 lane): about 20 ms a hash on this 2-core
 * machine at rest, so a sign-in stays well under 250 ms under load. One lane, so a hash takes one libuv thread, not
 * four. Hashes made with other parameters are replaced at the next sign-in (see needsRehash).
 */
export const PASSWORD_HASH_OPTIONS = {
  type: argon2.argon2id,
  memoryCost: 19_456,
  timeCost: 2,
  parallelism: 1,
} as const;

/** Hashes run at once at most (half the cores, at least one): a burst of sign-ins leaves the rest of the CPU. */
export const MAX_CONCURRENT_HASHES = Math.max(1, Math.floor(availableParallelism() / 2));
/** Hashes waiting at most; beyond it the call answers 503 at once instead of queueing without end. */
export const MAX_WAITING_HASHES = 64;
export const HASHING_BUSY_MESSAGE = 'The server is busy. Please try again in a moment.';

/**
 * Who waits first for the hashing threads: sign-in verifications before registrations and rehashes, and those
 * before password changes, so that nobody's changing of passwords keeps the others from signing in.
 */
export type HashPriority = 'signIn' | 'normal' | 'passwordChange';
const PRIORITY_ORDER: readonly HashPriority[] = ['signIn', 'normal', 'passwordChange'];

export interface HashRunOptions {
  priority?: HashPriority;
  /** One place in the queue per owner (a user id): a second computation of the same owner is refused with 429. */
  owner?: string;
}

interface Waiter {
  start: () => void;
  refuse: (error: Error) => void;
}

const busy = () =>
  new HttpException(
    { success: false, message: HASHING_BUSY_MESSAGE, statusCode: HttpStatus.SERVICE_UNAVAILABLE },
    HttpStatus.SERVICE_UNAVAILABLE,
  );

/**
 * A small priority queue of hash computations with a bound on concurrency and on waiting: FIFO within a priority,
 * a higher priority served first. When the waiting places are all taken, a computation of a higher priority takes
 * the place of the last one waiting at a lower priority (that one answers 503); otherwise the newcomer answers 503.
 */
export class HashingQueue {
  private running = 0;
  private readonly waiting = new Map<HashPriority, Waiter[]>(PRIORITY_ORDER.map((priority) => [priority, []]));
  private readonly owners = new Set<string>();

  constructor(
    private readonly concurrency: number,
    private readonly maxWaiting: number,
  ) {}

  async run<T>(work: () => Promise<T>, { priority = 'normal', owner }: HashRunOptions = {}): Promise<T> {
    if (owner !== undefined) {
      if (this.owners.has(owner)) {
        throw new HttpException(
          { success: false, message: IDENTITY_MESSAGES.tooManyAttempts, statusCode: HttpStatus.TOO_MANY_REQUESTS },
          HttpStatus.TOO_MANY_REQUESTS,
        );
      }
      this.owners.add(owner);
    }
    try {
      await this.enter(priority);
      try {
        return await work();
      } finally {
        this.leave();
      }
    } finally {
      if (owner !== undefined) this.owners.delete(owner);
    }
  }

  /** Computations running and waiting now. */
  get load(): { running: number; waiting: number } {
    return { running: this.running, waiting: this.waitingCount() };
  }

  private async enter(priority: HashPriority): Promise<void> {
    if (this.running < this.concurrency) {
      this.running++;
      return;
    }
    if (this.waitingCount() >= this.maxWaiting && !this.evictBelow(priority)) throw busy();
    await new Promise<void>((start, refuse) => this.waiting.get(priority)?.push({ start, refuse }));
  }

  /** The running place passes to the first waiter of the highest priority, or is freed. */
  private leave(): void {
    for (const priority of PRIORITY_ORDER) {
      const next = this.waiting.get(priority)?.shift();
      if (next) return next.start();
    }
    this.running--;
  }

  /** Refuses the last waiter of the lowest priority below `priority`; false when there is none. */
  private evictBelow(priority: HashPriority): boolean {
    for (let i = PRIORITY_ORDER.length - 1; PRIORITY_ORDER[i] !== priority; i--) {
      const evicted = this.waiting.get(PRIORITY_ORDER[i])?.pop();
      if (evicted) {
        evicted.refuse(busy());
        return true;
      }
    }
    return false;
  }

  private waitingCount(): number {
    let count = 0;
    for (const list of this.waiting.values()) count += list.length;
    return count;
  }
}

/** argon2id password hashes; unknown accounts still cost one verification (no timing oracle). */
@Injectable()
export class PasswordHasher {
  private dummyHash: Promise<string> | undefined;
  readonly queue = new HashingQueue(MAX_CONCURRENT_HASHES, MAX_WAITING_HASHES);

  hash(password: string, options?: HashRunOptions): Promise<string> {
    return this.queue.run(() => argon2.hash(password, PASSWORD_HASH_OPTIONS), options);
  }

  async verify(hash: string, password: string, options?: HashRunOptions): Promise<boolean> {
    // An account without a password (no credential, or the empty hash) verifies nothing, in the time a verification takes.
    if (!hash) return this.verifyNothing(password, options);
    try {
      return await this.queue.run(() => argon2.verify(hash, password), options);
    } catch (error) {
      if (error instanceof HttpException) throw error;
      return false;
    }
  }

  /** True when the hash was made with other parameters than PASSWORD_HASH_OPTIONS (replace it after a sign-in). */
  needsRehash(hash: string): boolean {
    if (!hash) return false;
    try {
      return argon2.needsRehash(hash, PASSWORD_HASH_OPTIONS);
    } catch {
      return false;
    }
  }

  /** Spends the time of a real verification and always fails. */
  async verifyNothing(password: string, options?: HashRunOptions): Promise<false> {
    this.dummyHash ??= this.hash('not-a-real-password-' + Math.random().toString(36));
    await this.verify(await this.dummyHash, password, options);
    return false;
  }
}
