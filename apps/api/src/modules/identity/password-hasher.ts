import { availableParallelism } from 'node:os';
import { HttpException, HttpStatus, Injectable } from '@nestjs/common';
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

/** A small FIFO of hash computations with a bound on concurrency and on waiting. */
export class HashingQueue {
  private running = 0;
  private readonly waiting: (() => void)[] = [];

  constructor(
    private readonly concurrency: number,
    private readonly maxWaiting: number,
  ) {}

  async run<T>(work: () => Promise<T>): Promise<T> {
    if (this.running >= this.concurrency) {
      if (this.waiting.length >= this.maxWaiting) {
        throw new HttpException(
          { success: false, message: HASHING_BUSY_MESSAGE, statusCode: HttpStatus.SERVICE_UNAVAILABLE },
          HttpStatus.SERVICE_UNAVAILABLE,
        );
      }
      await new Promise<void>((resolve) => this.waiting.push(resolve));
    } else {
      this.running++;
    }
    try {
      return await work();
    } finally {
      const next = this.waiting.shift();
      if (next) next();
      else this.running--;
    }
  }

  /** Computations running and waiting now. */
  get load(): { running: number; waiting: number } {
    return { running: this.running, waiting: this.waiting.length };
  }
}

/** argon2id password hashes; unknown accounts still cost one verification (no timing oracle). */
@Injectable()
export class PasswordHasher {
  private dummyHash: Promise<string> | undefined;
  readonly queue = new HashingQueue(MAX_CONCURRENT_HASHES, MAX_WAITING_HASHES);

  hash(password: string): Promise<string> {
    return this.queue.run(() => argon2.hash(password, PASSWORD_HASH_OPTIONS));
  }

  async verify(hash: string, password: string): Promise<boolean> {
    // An account without a password (no credential, or the empty hash) verifies nothing, in the time a verification takes.
    if (!hash) return this.verifyNothing(password);
    try {
      return await this.queue.run(() => argon2.verify(hash, password));
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
  async verifyNothing(password: string): Promise<false> {
    this.dummyHash ??= this.hash('not-a-real-password-' + Math.random().toString(36));
    await this.verify(await this.dummyHash, password);
    return false;
  }
}
