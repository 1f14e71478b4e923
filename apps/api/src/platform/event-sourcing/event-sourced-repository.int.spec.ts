import { randomUUID } from 'node:crypto';
import { createMigratedTestDataSource, type MigratedTestDataSource } from '../../../test/support/test-database';
import type { Position } from '../event-store/event-store.port';
import { PostgresEventStore } from '../event-store/postgres/postgres-event-store';
import { ANONYMOUS, RequestContext } from '../request-context/request-context';
import type { Decider } from './decider';
import { DomainError } from './domain-error';
import { EventSourcedRepository } from './event-sourced-repository';
import type { ReadYourWrites } from './read-your-writes';

/** A counter that refuses to go past a limit: enough to see what the repository decides on. */
type Count = { type: 'Count'; data: { by: number; limit: number } };
type Counted = { type: 'Counted'; data: { total: number } };
const counter: Decider<Count, Counted, number> = {
  eventTypes: ['Counted'],
  initialState: () => 0,
  decide: ({ data }, total) => {
    if (total + data.by > data.limit) throw new DomainError('invalid', 'Over the limit');
    return data.by === 0 ? [] : [{ type: 'Counted', data: { total: total + data.by } }];
  },
  evolve: (_total, event) => event.data.total,
};
const count = (by: number, limit = 100): Count => ({ type: 'Count', data: { by, limit } });

describe('event-sourced repository (PostgreSQL event store)', () => {
  let db: MigratedTestDataSource;
  let store: PostgresEventStore;
  let repository: EventSourcedRepository;
  const waited: { position: Position | null | undefined; projections: string[] }[] = [];

  beforeAll(async () => {
    db = await createMigratedTestDataSource();
    store = new PostgresEventStore({ url: db.url });
    const readYourWrites = {
      waitFor: async (position: Position | null | undefined, projections: string[]) => {
        waited.push({ position, projections });
      },
    } as unknown as ReadYourWrites;
    repository = new EventSourcedRepository(store, readYourWrites);
  });
  afterAll(async () => {
    await store?.close();
    await db?.drop();
  });

  const stream = () => `counter-${randomUUID()}`;

  it('fills every event’s metadata from the request context and waits for the projections asked for', async () => {
    const id = stream();
    const appended = await RequestContext.run(
      { correlationId: 'req-1', causationId: null, actor: ANONYMOUS, teamId: null },
      async () => {
        RequestContext.identify('u1', 't1');
        return repository.decide(id, counter, count(2), { waitFor: ['counters'] });
      },
    );
    const [event] = await store.readStream(id);
    expect(event.metadata).toMatchObject({
      actorUserId: 'u1',
      actorKind: 'user',
      teamId: 't1',
      correlationId: 'req-1',
      causationId: null,
    });
    expect(waited.at(-1)).toEqual({ position: appended?.position, projections: ['counters'] });
    await repository.decide(id, counter, count(1), { teamId: 't9' });
    expect((await store.readStream(id))[1].metadata).toMatchObject({ actorKind: 'system', teamId: 't9' });
  });

  it('appends nothing when the decider decides nothing, and passes its refusal on', async () => {
    const id = stream();
    expect(await repository.decide(id, counter, count(0))).toBeNull();
    await expect(repository.decide(id, counter, count(5, 3))).rejects.toThrow('Over the limit');
    expect(await store.readStream(id)).toEqual([]);
  });

  it('decides again on the new state after a concurrent append, then answers a conflict', async () => {
    // Another writer appends right before each of the first `times` appends of this repository.
    const interfering = (times: number) =>
      new EventSourcedRepository(
        Object.assign(Object.create(store) as PostgresEventStore, {
          appendToStream: async (...args: Parameters<PostgresEventStore['appendToStream']>) => {
            if (times-- > 0) {
              const metadata = RequestContext.metadata();
              await store.appendToStream(
                args[0],
                [{ eventId: randomUUID(), type: 'Counted', data: { total: 10 }, metadata }],
                'any',
              );
            }
            return store.appendToStream(...args);
          },
        }),
        { waitFor: async () => undefined } as unknown as ReadYourWrites,
      );
    const id = stream();
    await repository.decide(id, counter, count(1));
    await interfering(1).decide(id, counter, count(1), { retries: 1 });
    expect((await repository.load(id, counter)).state).toBe(11);
    await expect(interfering(3).decide(id, counter, count(1), { retries: 2, conflictMessage: 'Busy' })).rejects.toThrow(
      new DomainError('conflict', 'Busy'),
    );
    expect((await repository.load(id, counter)).state).toBe(10);
  });

  it('decides on a new stream without reading it, falls back to its state when it exists, and appends a given event id once', async () => {
    const id = stream();
    const eventId = randomUUID();
    await repository.decide(id, counter, count(4), { expectNew: true, eventIds: () => eventId });
    await repository.decide(id, counter, count(4), { expectNew: true, eventIds: () => eventId });
    const events = await store.readStream(id);
    expect(events.map((e) => [e.eventId, e.data])).toEqual([[eventId, { total: 4 }]]);
    await repository.decide(id, counter, count(1), { expectNew: true });
    expect((await repository.load(id, counter)).state).toBe(5);
  });
});
