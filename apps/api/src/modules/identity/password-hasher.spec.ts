import argon2 from 'argon2';
import { HASHING_BUSY_MESSAGE, HashingQueue, PasswordHasher } from './password-hasher';

describe('PasswordHasher', () => {
  const hasher = new PasswordHasher();

  it('hashes with argon2id at 19 MiB, 2 passes, 1 lane and verifies', async () => {
    const hash = await hasher.hash('correct horse battery');
    expect(hash).toMatch(/^\$argon2id\$v=19\$m=19456,p=1,t=2\$/);
    expect(await hasher.verify(hash, 'correct horse battery')).toBe(true);
    expect(await hasher.verify(hash, 'wrong')).toBe(false);
    expect(hasher.needsRehash(hash)).toBe(false);
  });

  it('asks to rehash a hash made with other parameters, and an account without a password verifies nothing', async () => {
    const legacy = await argon2.hash('pw', { type: argon2.argon2id, memoryCost: 65_536, timeCost: 3, parallelism: 4 });
    expect(hasher.needsRehash(legacy)).toBe(true);
    expect(await hasher.verify(legacy, 'pw')).toBe(true);
    expect(await hasher.verify('', '')).toBe(false);
    expect(hasher.needsRehash('')).toBe(false);
  });
});

describe('HashingQueue', () => {
  it('runs at most `concurrency` at once, in order, and refuses beyond the waiting bound with 503', async () => {
    const queue = new HashingQueue(2, 3);
    let running = 0;
    let most = 0;
    const order: number[] = [];
    const releases: (() => void)[] = [];
    const work = (n: number) =>
      queue.run(async () => {
        running++;
        most = Math.max(most, running);
        await new Promise<void>((resolve) => releases.push(resolve));
        running--;
        order.push(n);
        return n;
      });
    const accepted = [1, 2, 3, 4, 5].map(work);
    await expect(work(6)).rejects.toMatchObject({ status: 503, response: { message: HASHING_BUSY_MESSAGE } });
    expect(queue.load).toEqual({ running: 2, waiting: 3 });
    for (let done = 0; done < 5; done++) {
      await new Promise((resolve) => setImmediate(resolve));
      releases.shift()?.();
    }
    expect(await Promise.all(accepted)).toEqual([1, 2, 3, 4, 5]);
    expect(order).toEqual([1, 2, 3, 4, 5]);
    expect(most).toBe(2);
    expect(queue.load).toEqual({ running: 0, waiting: 0 });
  });
});

describe('HashingQueue priorities and owners', () => {
  /** A computation that runs until released; `log` records the order in which computations start. */
  function blocking(queue: HashingQueue, log: string[], name: string, options?: Parameters<HashingQueue['run']>[1]) {
    let release = () => {};
    const started = new Promise<void>((resolve) => {
      release = resolve;
    });
    const done = queue.run(async () => {
      log.push(name);
      await started;
      return name;
    }, options);
    return { done, release: () => release() };
  }
  const tick = () => new Promise((resolve) => setImmediate(resolve));

  it('serves sign-ins before other hashing and password changes last, in order within a priority', async () => {
    const queue = new HashingQueue(1, 10);
    const log: string[] = [];
    const first = blocking(queue, log, 'first');
    const change1 = blocking(queue, log, 'change1', { priority: 'passwordChange', owner: 'a' });
    const change2 = blocking(queue, log, 'change2', { priority: 'passwordChange', owner: 'b' });
    const register = blocking(queue, log, 'register');
    const signIn1 = blocking(queue, log, 'signIn1', { priority: 'signIn' });
    const signIn2 = blocking(queue, log, 'signIn2', { priority: 'signIn' });
    for (const job of [first, signIn1, signIn2, register, change1, change2]) {
      await tick();
      job.release();
      await job.done;
    }
    expect(log).toEqual(['first', 'signIn1', 'signIn2', 'register', 'change1', 'change2']);
    expect(queue.load).toEqual({ running: 0, waiting: 0 });
  });

  it('gives a waiting place of a password change to a sign-in when all are taken', async () => {
    const queue = new HashingQueue(1, 2);
    const log: string[] = [];
    const first = blocking(queue, log, 'first');
    const change1 = blocking(queue, log, 'change1', { priority: 'passwordChange', owner: 'a' });
    const change2 = blocking(queue, log, 'change2', { priority: 'passwordChange', owner: 'b' });
    await expect(
      blocking(queue, log, 'change3', { priority: 'passwordChange', owner: 'c' }).done,
    ).rejects.toMatchObject({ status: 503 });
    const signIn = blocking(queue, log, 'signIn', { priority: 'signIn' });
    await expect(change2.done).rejects.toMatchObject({ status: 503, response: { message: HASHING_BUSY_MESSAGE } });
    const signIn2 = blocking(queue, log, 'signIn2', { priority: 'signIn' });
    await expect(change1.done).rejects.toMatchObject({ status: 503 });
    // Only sign-ins wait now: one more has no place to take.
    await expect(blocking(queue, log, 'signIn3', { priority: 'signIn' }).done).rejects.toMatchObject({ status: 503 });
    for (const job of [first, signIn, signIn2]) {
      await tick();
      job.release();
      await job.done;
    }
    expect(log).toEqual(['first', 'signIn', 'signIn2']);
    expect(queue.load).toEqual({ running: 0, waiting: 0 });
  });

  it('holds one place per owner: a second computation of the same owner is refused with 429 until the first ends', async () => {
    const queue = new HashingQueue(1, 10);
    const log: string[] = [];
    const first = blocking(queue, log, 'first', { priority: 'passwordChange', owner: 'user-1' });
    await expect(
      blocking(queue, log, 'again', { priority: 'passwordChange', owner: 'user-1' }).done,
    ).rejects.toMatchObject({
      status: 429,
      response: { message: 'Too many attempts. Please wait a minute and try again.' },
    });
    expect(queue.load).toEqual({ running: 1, waiting: 0 });
    const other = blocking(queue, log, 'other', { priority: 'passwordChange', owner: 'user-2' });
    await tick();
    first.release();
    await first.done;
    const later = blocking(queue, log, 'later', { priority: 'passwordChange', owner: 'user-1' });
    await tick();
    other.release();
    await other.done;
    await tick();
    later.release();
    expect(await later.done).toBe('later');
    expect(log).toEqual(['first', 'other', 'later']);
  });
});
