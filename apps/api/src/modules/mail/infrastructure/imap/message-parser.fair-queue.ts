/**
 * Work queued per key (a team), taken in turns: each key with work waiting gives its oldest item in its turn, and
 * a key that just had its turn waits behind every other key, newcomers included. So a key with thousands of items
 * queued delays another key's first item by one item at most.
 */
export class FairQueue<T> {
  private readonly items = new Map<string, T[]>();
  /** The keys waiting for their turn, in order (a Set keeps insertion order); never the key served last. */
  private readonly turns = new Set<string>();
  /** The key that had the last turn: it joins the turns again at the next take, behind the keys that came since. */
  private served: string | undefined;
  private count = 0;

  get size(): number {
    return this.count;
  }

  /** Queues items behind the key's others. */
  push(key: string, ...items: T[]): void {
    this.add(key, items, (queue) => queue.push(...items));
  }

  /** Queues items ahead of the key's others (work to do again), in their order. */
  pushFront(key: string, ...items: T[]): void {
    this.add(key, items, (queue) => queue.unshift(...items));
  }

  /** The next item: the oldest of the key whose turn it is. */
  shift(): T | undefined {
    if (this.served !== undefined && this.items.has(this.served)) this.turns.add(this.served);
    this.served = undefined;
    const next = this.turns.values().next();
    if (next.done) return undefined;
    const key = next.value;
    this.turns.delete(key);
    const queue = this.items.get(key) as T[];
    const item = queue.shift() as T;
    if (queue.length === 0) this.items.delete(key);
    this.served = key;
    this.count--;
    return item;
  }

  /** Empties the queue and returns what it held. */
  drain(): T[] {
    const items = [...this.items.values()].flat();
    this.items.clear();
    this.turns.clear();
    this.served = undefined;
    this.count = 0;
    return items;
  }

  private add(key: string, items: T[], into: (queue: T[]) => void): void {
    if (items.length === 0) return;
    let queue = this.items.get(key);
    if (!queue) this.items.set(key, (queue = []));
    into(queue);
    if (key !== this.served) this.turns.add(key);
    this.count += items.length;
  }
}
