import { randomUUID } from 'node:crypto';
import {
  NO_STREAM,
  START,
  WrongExpectedVersionError,
  comparePositions,
  type AppendResult,
  type EventStore,
  type ExpectedVersion,
  type NewEvent,
  type Position,
  type StoredEvent,
} from '../../src/platform/event-store/event-store.port';
import { MAX_EVENT_STRING_LENGTH } from '../../src/platform/event-store/event-text';
import { systemEvent as newEvent } from './event-metadata';

export interface EventStoreContractSubject {
  store: EventStore;
  /**
   * Appends exactly like appendToStream, but keeps the write transaction open for holdMs before it
   * commits (adapters without transactions may simply delay the append).
   */
  appendHeldOpen(
    streamId: string,
    events: NewEvent[],
    expected: ExpectedVersion,
    holdMs: number,
  ): Promise<AppendResult>;
  dispose(): Promise<void>;
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * Reads the events after `from` whose stream starts with `prefix`, in batches of `batch`, until `count`
 * of them arrived. Polls: an event becomes readable only once every older write transaction (in the
 * whole PostgreSQL cluster) has finished, so it may show up a moment after its append returned.
 */
async function readAllWithPrefix(
  store: EventStore,
  from: Position,
  prefix: string,
  count: number,
  batch = 2,
): Promise<StoredEvent[]> {
  const found: StoredEvent[] = [];
  let after = from;
  const deadline = Date.now() + 15000;
  while (found.length < count && Date.now() < deadline) {
    const events = await store.readAll({ after, maxCount: batch });
    if (events.length === 0) await sleep(10);
    for (const event of events) {
      expect(comparePositions(event.position, after)).toBe(1);
      after = event.position;
      if (event.streamId.startsWith(prefix)) found.push(event);
    }
  }
  // Nothing more than expected arrives later.
  await sleep(50);
  for (let events = await store.readAll({ after, maxCount: 100 }); events.length > 0;) {
    found.push(...events.filter((e) => e.streamId.startsWith(prefix)));
    after = events[events.length - 1].position;
    events = await store.readAll({ after, maxCount: 100 });
  }
  return found;
}

/**
 * The behaviour every EventStore adapter must show. Streams get a random prefix per run, so the suite
 * also runs against a long-lived server (EventStoreDB).
 */
export function describeEventStoreContract(name: string, factory: () => Promise<EventStoreContractSubject>): void {
  describe(`${name} event store contract`, () => {
    let subject: EventStoreContractSubject;
    let store: EventStore;
    let prefix: string;

    beforeAll(async () => {
      subject = await factory();
      store = subject.store;
    });
    afterAll(async () => {
      await subject?.dispose();
    });
    beforeEach(() => {
      prefix = `contract${randomUUID().replace(/-/g, '').slice(0, 12)}`;
    });

    it('appends to a stream and reads it back in version order', async () => {
      const stream = `${prefix}-a`;
      const first = [newEvent('TestCreated', { n: 1, nested: { text: 'héllo' } }), newEvent('TestChanged', { n: 2 })];
      const r1 = await store.appendToStream(stream, first, NO_STREAM);
      expect(r1.nextExpectedVersion).toBe(2);
      const third = newEvent('TestChanged', { n: 3 });
      const r2 = await store.appendToStream(stream, [third], 2);
      expect(r2.nextExpectedVersion).toBe(3);
      expect(comparePositions(r2.position, r1.position)).toBe(1);

      const read = await store.readStream(stream);
      expect(read.map((e) => e.streamVersion)).toEqual([1, 2, 3]);
      expect(read.map((e) => e.eventId)).toEqual([...first, third].map((e) => e.eventId));
      expect(read[0]).toMatchObject({
        streamId: stream,
        type: 'TestCreated',
        data: { n: 1, nested: { text: 'héllo' } },
        metadata: first[0].metadata,
      });
      expect(read[0].recordedAt).toBeInstanceOf(Date);
      expect(read[2].position).toEqual(r2.position);
      expect((await store.readStream(stream, 2)).map((e) => e.streamVersion)).toEqual([2, 3]);
      expect(await store.readStream(`${prefix}-missing`)).toEqual([]);
    });

    it('stores texts PostgreSQL cannot hold: NUL and unpaired surrogates removed, long strings cut', async () => {
      const stream = `${prefix}-text`;
      const poison = newEvent('TestCreated', {
        subject: 'a\u0000b',
        list: ['lone \ud800 high', 'lone \udc00 low', 'pair \ud83d\ude00 kept'],
        nested: { name: `x${'\u0000'.repeat(3)}y` },
        long: 'z'.repeat(MAX_EVENT_STRING_LENGTH + 10),
      });
      poison.metadata = { ...poison.metadata, correlationId: `c\u0000${poison.metadata.correlationId}` };
      await store.appendToStream(stream, [poison], NO_STREAM);
      const [read] = await store.readStream(stream);
      expect(read.data).toEqual({
        subject: 'ab',
        list: ['lone  high', 'lone  low', 'pair \ud83d\ude00 kept'],
        nested: { name: 'xy' },
        long: 'z'.repeat(MAX_EVENT_STRING_LENGTH),
      });
      expect(read.metadata.correlationId).toBe(`c${poison.metadata.correlationId.slice(2)}`);
    });

    it('reads several streams at once, each in version order', async () => {
      const [a, b] = [`${prefix}-many-a`, `${prefix}-many-b`];
      const eventsOfA = [newEvent('TestCreated', { n: 1 }), newEvent('TestChanged', { n: 2 })];
      await store.appendToStream(a, eventsOfA, NO_STREAM);
      await store.appendToStream(b, [newEvent('TestCreated', { n: 3 })], NO_STREAM);
      await store.appendToStream(a, [newEvent('TestChanged', { n: 4 })], 2);
      const read = await store.readStreams([b, `${prefix}-many-missing`, a, b]);
      expect([...read.keys()].sort()).toEqual([a, b, `${prefix}-many-missing`].sort());
      expect(read.get(a)!.map((e) => [e.streamId, e.streamVersion, e.data])).toEqual([
        [a, 1, { n: 1 }],
        [a, 2, { n: 2 }],
        [a, 3, { n: 4 }],
      ]);
      expect(read.get(a)![0]).toMatchObject({ eventId: eventsOfA[0].eventId, metadata: eventsOfA[0].metadata });
      expect(read.get(b)!.map((e) => e.data)).toEqual([{ n: 3 }]);
      expect(read.get(`${prefix}-many-missing`)).toEqual([]);
      expect((await store.readStreams([])).size).toBe(0);
    });

    it('raises WrongExpectedVersionError for a stale expected version', async () => {
      const stream = `${prefix}-b`;
      await store.appendToStream(stream, [newEvent('TestCreated', {})], NO_STREAM);
      await expect(store.appendToStream(stream, [newEvent('TestCreated', {})], NO_STREAM)).rejects.toBeInstanceOf(
        WrongExpectedVersionError,
      );
      const stale = store.appendToStream(stream, [newEvent('TestChanged', {})], 3);
      await expect(stale).rejects.toMatchObject({ name: 'WrongExpectedVersionError', streamId: stream, actual: 1 });
      await expect(store.appendToStream(`${prefix}-nothing`, [newEvent('TestChanged', {})], 1)).rejects.toBeInstanceOf(
        WrongExpectedVersionError,
      );
      const ok = await store.appendToStream(stream, [newEvent('TestChanged', {})], 1);
      expect(ok.nextExpectedVersion).toBe(2);
      expect(await store.readStream(stream)).toHaveLength(2);
    });

    it('treats re-appending already stored event ids as a no-op', async () => {
      const stream = `${prefix}-c`;
      const from = await store.headPosition();
      const events = [newEvent('TestCreated', { n: 1 }), newEvent('TestChanged', { n: 2 })];
      const first = await store.appendToStream(stream, events, NO_STREAM);
      const again = await store.appendToStream(stream, events, NO_STREAM);
      expect(again.nextExpectedVersion).toBe(2);
      expect(again.position).toEqual(first.position);
      expect(await store.readStream(stream)).toHaveLength(2);
      const seen = await readAllWithPrefix(store, from, stream, 2, 100);
      expect(seen.map((e) => e.eventId)).toEqual(events.map((e) => e.eventId));
    });

    it('reads all events in global order', async () => {
      const from = await store.headPosition();
      const expected: string[] = [];
      let last: Position = START;
      const versions = new Map<string, number>();
      for (let i = 0; i < 12; i++) {
        const stream = `${prefix}-s${i % 3}`;
        const event = newEvent('TestNumbered', { i });
        const result = await store.appendToStream(stream, [event], versions.get(stream) ?? NO_STREAM);
        versions.set(stream, result.nextExpectedVersion);
        expect(comparePositions(result.position, last)).toBe(1);
        last = result.position;
        expected.push(event.eventId);
      }
      const seen = await readAllWithPrefix(store, from, `${prefix}-s`, 12, 5);
      expect(seen.map((e) => e.eventId)).toEqual(expected);
      expect(seen.map((e) => (e.data as { i: number }).i)).toEqual([...Array(12).keys()]);
      expect(comparePositions(await store.headPosition(), seen[seen.length - 1].position)).toBeGreaterThanOrEqual(0);
      expect(comparePositions(seen[0].position, START)).toBe(1);
    });

    it('delivers every event exactly once, in stream order, to a subscriber while 8 writers overlap', async () => {
      const writers = 8;
      const appendsPerWriter = 30;
      const streamCount = 24;
      const from = await store.headPosition();
      const total = writers * appendsPerWriter;
      const received: StoredEvent[] = [];
      const receivedIds = new Set<string>();
      let duplicates = 0;
      let writing = true;
      let abandoned = false;
      let wake: (() => void) | undefined;
      const unsubscribe = store.onAppended(() => wake?.());

      const subscriber = (async () => {
        let after = from;
        while (!abandoned && (writing || received.length < total)) {
          const batch = await store.readAll({ after, maxCount: 50 });
          for (const event of batch) {
            after = event.position;
            if (!event.streamId.startsWith(`${prefix}-w`)) continue;
            if (receivedIds.has(event.eventId)) duplicates++;
            receivedIds.add(event.eventId);
            received.push(event);
          }
          if (batch.length === 0) {
            if (!writing && received.length >= total) break;
            await new Promise<void>((resolve) => {
              wake = resolve;
              setTimeout(resolve, 20);
            });
          }
        }
      })();

      const known = new Map<string, number>();
      const appended: string[] = [];
      let heldOpen = 0;
      const writer = async (w: number) => {
        for (let i = 0; i < appendsPerWriter; i++) {
          const stream = `${prefix}-w${(w * 7 + i * 5) % streamCount}`;
          const event = newEvent('TestConcurrent', { w, i });
          const hold = w < 3 && i % 6 === 0;
          for (;;) {
            const expected = known.get(stream) ?? NO_STREAM;
            try {
              const result = hold
                ? await subject.appendHeldOpen(stream, [event], expected, 150 + w * 50)
                : await store.appendToStream(stream, [event], expected);
              if (hold) heldOpen++;
              known.set(stream, Math.max(known.get(stream) ?? 0, result.nextExpectedVersion));
              appended.push(event.eventId);
              break;
            } catch (error) {
              if (!(error instanceof WrongExpectedVersionError)) throw error;
              known.set(stream, Math.max(known.get(stream) ?? 0, error.actual ?? 0));
            }
          }
        }
      };
      try {
        await Promise.all([...Array(writers).keys()].map(writer));
      } finally {
        writing = false;
      }
      wake?.();
      let timer: NodeJS.Timeout | undefined;
      try {
        await Promise.race([
          subscriber,
          new Promise((_, reject) => (timer = setTimeout(() => reject(new Error('subscriber timed out')), 30000))),
        ]);
      } finally {
        clearTimeout(timer);
        abandoned = true;
        unsubscribe();
      }

      expect(heldOpen).toBeGreaterThanOrEqual(10);
      expect(duplicates).toBe(0);
      expect(received).toHaveLength(total);
      expect(new Set(received.map((e) => e.eventId))).toEqual(new Set(appended));
      for (let i = 1; i < received.length; i++) {
        expect(comparePositions(received[i].position, received[i - 1].position)).toBe(1);
      }
      const byStream = new Map<string, number[]>();
      for (const event of received)
        byStream.set(event.streamId, [...(byStream.get(event.streamId) ?? []), event.streamVersion]);
      for (const [streamId, seen] of byStream) {
        expect({ streamId, seen }).toEqual({ streamId, seen: seen.map((_, index) => index + 1) });
      }
    });
  });
}
