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

  it('decides many streams at once: commands in order, one transaction, refusals and conflicts per stream', async () => {
    const scope = (name: string) => ({
      correlationId: 'mail-1',
      causationId: 'received-1',
      actor: { kind: 'rule' as const, id: `rule-${name}`, name },
      teamId: 't1',
    });
    const [a, b, c] = [stream(), stream(), stream()];
    await repository.decide(b, counter, count(1));
    const outcomes = await repository.decideEach(counter, [
      {
        streamId: a,
        commands: [
          { command: count(2), scope: scope('First') },
          { command: count(3), scope: scope('Second') },
        ],
      },
      { streamId: b, commands: [{ command: count(50, 10), scope: scope('Refused') }] },
      { streamId: c, commands: [{ command: count(0), scope: scope('Nothing') }] },
    ]);
    expect(outcomes[0]).toMatchObject({ streamId: a, appended: { nextExpectedVersion: 2 } });
    expect(outcomes[1]).toEqual({ streamId: b, error: new DomainError('invalid', 'Over the limit') });
    expect(outcomes[2]).toEqual({ streamId: c, appended: null });
    const events = await store.readStream(a);
    // The second command was decided on the state the first one left (2 + 3), each with its own actor.
    expect(events.map((e) => [e.data, e.metadata.actorRule?.name, e.metadata.causationId])).toEqual([
      [{ total: 2 }, 'First', 'received-1'],
      [{ total: 5 }, 'Second', 'received-1'],
    ]);
    expect(await store.readStream(b)).toHaveLength(1);
    expect(await store.readStream(c)).toEqual([]);
    await expect(
      repository.decideEach(counter, [
        { streamId: a, commands: [] },
        { streamId: a, commands: [] },
      ]),
    ).rejects.toThrow(RangeError);
  });

  it('appends the streams of one call together, decides a stream again after a concurrent append, and appends given ids once', async () => {
    const ids = [stream(), stream(), stream()];
    const eventIds = new Map(ids.map((id) => [id, randomUUID()]));
    const call = (repo: EventSourcedRepository, retries: number) =>
      repo.decideEach(
        counter,
        ids.map((id) => ({
          streamId: id,
          commands: [
            {
              command: count(1),
              scope: RequestContext.ofEvent({ eventId: 'e1' } as never),
              eventIds: () => eventIds.get(id)!,
            },
          ],
        })),
        { retries, conflictMessage: 'Busy' },
      );
    const first = await call(repository, 0);
    const commits = new Set(first.map((outcome) => ('appended' in outcome ? outcome.appended?.position.commit : 'x')));
    expect(commits.size).toBe(1);
    // Again with the same ids: already stored, nothing appended twice.
    await call(repository, 0);
    for (const id of ids) expect(await store.readStream(id)).toHaveLength(1);

    // Another writer appends to every stream first: decided again on the new state (10 + 1) with retries...
    eventIds.forEach((_, id) => eventIds.set(id, randomUUID()));
    await call(interfering(3), 1);
    for (const id of ids) expect((await repository.load(id, counter)).state).toBe(11);
    // ...and without: a conflict per stream, nothing of this call appended.
    eventIds.forEach((_, id) => eventIds.set(id, randomUUID()));
    const conflicts = await call(interfering(3), 0);
    expect(conflicts.map((outcome) => ('error' in outcome ? outcome.error.message : null))).toEqual([
      'Busy',
      'Busy',
      'Busy',
    ]);
    for (const id of ids) expect((await repository.load(id, counter)).state).toBe(10);
  });

  it('decides on the history the caller holds without a read, and reads a stream that moved on or when nothing is decided', async () => {
    const [fresh, moved, idle] = [stream(), stream(), stream()];
    for (const id of [fresh, moved, idle]) await repository.decide(id, counter, count(1));
    const held = new Map<string, Awaited<ReturnType<typeof store.readStream>>>();
    for (const id of [fresh, moved, idle]) held.set(id, await store.readStream(id));
    await repository.decide(moved, counter, count(5)); // the caller's copy of `moved` is now one event behind
    const reads: string[][] = [];
    const counting = new EventSourcedRepository(
      Object.assign(Object.create(store) as PostgresEventStore, {
        readStreams: async (ids: string[]) => {
          reads.push([...ids]);
          return store.readStreams(ids);
        },
      }),
      { waitFor: async () => undefined } as unknown as ReadYourWrites,
    );
    const scope = RequestContext.ofEvent({ eventId: 'e2' } as never);
    const outcomes = await counting.decideEach(
      counter,
      [
        { streamId: fresh, knownHistory: held.get(fresh), commands: [{ command: count(2), scope }] },
        // Retries 0: the refusal of a decision on what the caller held is not a conflict, the stream is read.
        { streamId: moved, knownHistory: held.get(moved), commands: [{ command: count(2), scope }] },
        { streamId: idle, knownHistory: held.get(idle), commands: [{ command: count(0), scope }] },
      ],
      { retries: 0 },
    );
    expect(
      outcomes.map((outcome) => ('appended' in outcome ? outcome.appended?.nextExpectedVersion : 'error')),
    ).toEqual([2, 3, undefined]);
    expect((await repository.load(fresh, counter)).state).toBe(3);
    expect((await repository.load(moved, counter)).state).toBe(8); // 1 + 5 + 2: decided again on what it holds now
    // Only the stream that moved on and the one where nothing was decided were read, together, once.
    expect(reads).toEqual([[moved, idle]]);
  });
});
