import { RateLimiter } from './rate-limiter';

describe('RateLimiter', () => {
  it('allows `limit` hits per key per window, then refuses until the window ends', () => {
    let now = 1_000;
    const limiter = new RateLimiter(60_000, () => now);
    const hit = () => limiter.hit([{ key: 'a', limit: 3 }]);
    expect([hit(), hit(), hit(), hit()]).toEqual([true, true, true, false]);
    now += 59_999;
    expect(hit()).toBe(false);
    now += 1;
    expect(hit()).toBe(true);
  });

  it('refuses when any key is over its limit, and counts keys apart', () => {
    const limiter = new RateLimiter(60_000, () => 0);
    expect(
      limiter.hit([
        { key: 'ip', limit: 2 },
        { key: 'a@x', limit: 1 },
      ]),
    ).toBe(true);
    expect(
      limiter.hit([
        { key: 'ip', limit: 2 },
        { key: 'b@x', limit: 1 },
      ]),
    ).toBe(true);
    expect(
      limiter.hit([
        { key: 'ip', limit: 2 },
        { key: 'c@x', limit: 1 },
      ]),
    ).toBe(false);
    expect(
      limiter.hit([
        { key: 'other-ip', limit: 2 },
        { key: 'a@x', limit: 1 },
      ]),
    ).toBe(false);
    expect(
      limiter.hit([
        { key: 'other-ip', limit: 2 },
        { key: 'd@x', limit: 1 },
      ]),
    ).toBe(true);
  });
});
