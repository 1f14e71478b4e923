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
