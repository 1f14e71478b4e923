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

  it('answers no batch for no message', () => {
    expect(batchesOf([], 10, 10)).toEqual([]);
  });
});
