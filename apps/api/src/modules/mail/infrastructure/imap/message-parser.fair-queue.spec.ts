import { FairQueue } from './message-parser.fair-queue';

const takeAll = <T>(queue: FairQueue<T>): T[] => {
  const taken: T[] = [];
  for (let item = queue.shift(); item !== undefined; item = queue.shift()) taken.push(item);
  return taken;
};

describe('FairQueue', () => {
  it('takes the keys in turns, each key its items in order', () => {
    const queue = new FairQueue<string>();
    queue.push('a', 'a1', 'a2', 'a3', 'a4');
    queue.push('b', 'b1');
    queue.push('c', 'c1', 'c2');
    expect(queue.size).toBe(7);
    expect(takeAll(queue)).toEqual(['a1', 'b1', 'c1', 'a2', 'c2', 'a3', 'a4']);
    expect(queue.size).toBe(0);
  });

  it('gives a key that had nothing waiting its turn after the keys already waiting', () => {
    const queue = new FairQueue<string>();
    queue.push('a', 'a1', 'a2', 'a3');
    expect(queue.shift()).toBe('a1');
    queue.push('b', 'b1');
    queue.push('a', 'a4');
    expect(takeAll(queue)).toEqual(['b1', 'a2', 'a3', 'a4']);
  });

  it('puts work to do again ahead of the key’s other items', () => {
    const queue = new FairQueue<string>();
    queue.push('a', 'a3', 'a4');
    queue.pushFront('a', 'a1', 'a2');
    queue.pushFront('b', 'b1');
    expect(takeAll(queue)).toEqual(['a1', 'b1', 'a2', 'a3', 'a4']);
  });

  it('drains every item', () => {
    const queue = new FairQueue<number>();
    queue.push('a', 1, 2);
    queue.push('b', 3);
    expect(queue.drain().sort()).toEqual([1, 2, 3]);
    expect(queue.size).toBe(0);
    expect(queue.shift()).toBeUndefined();
  });
});
