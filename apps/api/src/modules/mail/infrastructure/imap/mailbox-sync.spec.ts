import { batchesOf, uidSet } from './mailbox-sync';

describe('uidSet', () => {
  it('writes runs of consecutive UIDs as ranges', () => {
    expect(uidSet([1, 2, 3, 7, 9, 10])).toBe('1:3,7,9:10');
    expect(uidSet([42])).toBe('42');
    expect(uidSet([])).toBe('');
  });
});

describe('batchesOf', () => {
  const small = (uid: number) => ({ uid, size: 5_000 });

  it('cuts batches at the message count', () => {
    const batches = batchesOf([1, 2, 3, 4, 5].map(small), 2, 1_000_000);
    expect(batches).toEqual([[1, 2], [3, 4], [5]]);
  });

  it('cuts batches at the byte limit and lets a message larger than the limit go alone', () => {
    const messages = [small(1), small(2), { uid: 3, size: 50_000 }, small(4), { uid: 5, size: 8_000 }];
    expect(batchesOf(messages, 100, 12_000)).toEqual([[1, 2], [3], [4], [5]]);
  });

  it('starts small and doubles each batch up to the count, the byte limit still applying', () => {
    const messages = Array.from({ length: 20 }, (_, i) => small(i + 1));
    expect(batchesOf(messages, 6, 1_000_000, 1).map((batch) => batch.length)).toEqual([1, 2, 4, 6, 6, 1]);
    expect(batchesOf(messages, 6, 12_000, 1).map((batch) => batch.length)).toEqual([1, 2, ...Array(8).fill(2), 1]);
    expect(batchesOf(messages.slice(0, 3), 6, 1_000_000, 50)).toEqual([[1, 2, 3]]);
  });

  it('answers no batch for no message', () => {
    expect(batchesOf([], 10, 10)).toEqual([]);
  });
});
