import { RecentIds } from './recent-ids';

describe('RecentIds', () => {
  it('accepts an id once', () => {
    const ids = new RecentIds(100);
    expect(ids.remember('a')).toBe(true);
    expect(ids.remember('a')).toBe(false);
  });

  it('remembers only the last 100 ids', () => {
    const ids = new RecentIds(100);
    for (let i = 0; i < 101; i++) ids.remember(`id-${i}`);
    expect(ids.remember('id-100')).toBe(false);
    expect(ids.remember('id-1')).toBe(false);
    expect(ids.remember('id-0')).toBe(true);
  });
});
