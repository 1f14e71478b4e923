import { describeEventStoreContract } from '../../../../test/support/event-store-contract';
import { createMigratedTestDataSource } from '../../../../test/support/test-database';
import { PostgresEventStore } from './postgres-event-store';
import { comparePositions, type AppendResult } from '../event-store.port';
import { Client } from 'pg';
import { randomUUID } from 'node:crypto';

/** Waits (at most 5 s, see eventually) until the condition holds; fails the test otherwise. */
async function until(condition: () => boolean): Promise<void> {
  if (!(await eventually(async () => condition(), Boolean, 5000))) throw new Error('condition not reached in time');
}

describeEventStoreContract('PostgreSQL', async () => {
  const database = await createMigratedTestDataSource();
  await database.dataSource.destroy();
  const store = new PostgresEventStore({ url: database.url, poolSize: 12 });
  return {
    store,
    // Exactly what appendToStream does (the es_append statement), inside a transaction held open.
    appendHeldOpen: async (streamId, events, expected, holdMs) => {
      const client = new Client({ connectionString: database.url });
      await client.connect();
      try {
        await client.query('BEGIN');
        const result = await store.appendInTransaction(client, streamId, events, expected);
        await client.query('SELECT pg_sleep($1)', [holdMs / 1000]);
        await client.query('COMMIT');
        return result;
      } catch (error) {
        await client.query('ROLLBACK').catch(() => undefined);
        throw error;
      } finally {
        await client.end();
      }
    },
    dispose: async () => {
      await store.close();
      await database.drop();
    },
  };
});

/**
 * readAll hands out only what no open transaction can still precede, and transaction ids are shared
 * by the whole cluster: a transaction another test file holds open for a moment delays visibility
 * here too. Reads that expect events therefore wait (briefly) until they are all visible.
 */
async function eventually<T>(read: () => Promise<T>, done: (value: T) => boolean, timeoutMs = 15_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (done(value) || Date.now() > deadline) return value;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe('PostgresEventStore specifics', () => {
  let database: Awaited<ReturnType<typeof createMigratedTestDataSource>>;
  let store: PostgresEventStore;
  const metadata = {
    actorUserId: null,
    teamId: null,
    correlationId: 'c',
    causationId: null,
    occurredAt: '2026-01-01T00:00:00Z',
  };

  beforeAll(async () => {
    database = await createMigratedTestDataSource();
    store = new PostgresEventStore({ url: database.url });
  });
  afterAll(async () => {
    await store.close();
    await database.drop();
  });

  it('appends through a fresh connection when its pooled connections were terminated', async () => {
    await store.appendToStream('warm-up-1', [{ eventId: randomUUID(), type: 'T', data: {}, metadata }], 'no_stream');
    const admin = new Client({ connectionString: database.url });
    await admin.connect();
    try {
      const killed = await admin.query(
        `SELECT pg_terminate_backend(pid) FROM pg_stat_activity
          WHERE datname = current_database() AND pid <> pg_backend_pid() AND backend_type = 'client backend'`,
      );
      expect(killed.rowCount).toBeGreaterThan(0);
    } finally {
      await admin.end();
    }
    const result = await store.appendToStream(
      'after-terminate-1',
      [{ eventId: randomUUID(), type: 'T', data: { ok: true }, metadata }],
      'no_stream',
    );
    expect(result.nextExpectedVersion).toBe(1);
    expect((await store.readStream('after-terminate-1')).map((e) => e.data)).toEqual([{ ok: true }]);
  });

  it('hides events of a transaction still open, and of anything that started after it, until it commits', async () => {
    const holder = new Client({ connectionString: database.url });
    await holder.connect();
    const before = await store.headPosition();
    await holder.query('BEGIN');
    await store.appendInTransaction(
      holder,
      'hidden-1',
      [{ eventId: randomUUID(), type: 'T', data: {}, metadata }],
      'no_stream',
    );
    await store.appendToStream(
      'visible-later-1',
      [{ eventId: randomUUID(), type: 'T', data: {}, metadata }],
      'no_stream',
    );
    // headPosition() is the last visible position: an earlier test's event that was still hidden then
    // may show up after it, so only this test's streams count.
    const ours = <T extends { streamId: string }>(events: T[]) =>
      events.filter((e) => e.streamId === 'hidden-1' || e.streamId === 'visible-later-1');
    expect(ours(await store.readAll({ after: before, maxCount: 1000 }))).toEqual([]);
    await holder.query('COMMIT');
    await holder.end();
    const seen = ours(
      await eventually(
        () => store.readAll({ after: before, maxCount: 1000 }),
        (events) => ours(events).length >= 2,
      ),
    );
    expect(seen.map((e) => e.streamId)).toEqual(['hidden-1', 'visible-later-1']);
  });

  it('rejects a batch that partly overlaps stored event ids', async () => {
    const stored = { eventId: randomUUID(), type: 'T', data: {}, metadata };
    await store.appendToStream('overlap-1', [stored], 'no_stream');
    const fresh = { eventId: randomUUID(), type: 'T', data: {}, metadata };
    await expect(store.appendToStream('overlap-1', [stored, fresh], 1)).rejects.toMatchObject({
      name: 'WrongExpectedVersionError',
    });
    await expect(store.appendToStream('overlap-2', [stored], 'no_stream')).rejects.toMatchObject({
      name: 'WrongExpectedVersionError',
    });
    expect(await store.readStream('overlap-1')).toHaveLength(1);
  });

  it('wakes onAppended listeners of another store instance through LISTEN/NOTIFY, also after a reconnect', async () => {
    const other = new PostgresEventStore({ url: database.url });
    try {
      let calls = 0;
      let resolveWake: () => void = () => undefined;
      const woken = () => new Promise<void>((resolve) => (resolveWake = resolve));
      let next = woken();
      other.onAppended(() => {
        calls++;
        resolveWake();
      });
      await next; // the initial wake after LISTEN is set up
      next = woken();
      await store.appendToStream(
        `notify-${randomUUID()}`,
        [{ eventId: randomUUID(), type: 'T', data: {}, metadata }],
        'any',
      );
      await next;
      const admin = new Client({ connectionString: database.url });
      await admin.connect();
      next = woken();
      await admin.query(
        `SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE query LIKE 'LISTEN%' AND pid <> pg_backend_pid()`,
      );
      await admin.end();
      await next; // reconnected and woke its listeners
      next = woken();
      await store.appendToStream(
        `notify-${randomUUID()}`,
        [{ eventId: randomUUID(), type: 'T', data: {}, metadata }],
        'any',
      );
      await next;
      expect(calls).toBeGreaterThanOrEqual(4);
    } finally {
      await other.close();
    }
  });

  it('tells its listeners the types appended, here and in another store instance (NOTIFY names them)', async () => {
    const other = new PostgresEventStore({ url: database.url });
    const local: (string[] | undefined)[] = [];
    const remote: (string[] | undefined)[] = [];
    const names = (types?: ReadonlySet<string>) => (types ? [...types].sort() : undefined);
    const unsubscribe = store.onAppended((types) => local.push(names(types)));
    try {
      other.onAppended((types) => remote.push(names(types)));
      await until(() => remote.length > 0); // the initial wake once LISTEN is set up: any type
      expect(remote).toEqual([undefined]);
      const typed = (type: string) => ({ eventId: randomUUID(), type, data: {}, metadata });
      await store.appendToStream(`typed-${randomUUID()}`, [typed('Alpha'), typed('Beta')], 'no_stream');
      await until(() => remote.some((types) => types?.includes('Alpha')));
      expect(local).toContainEqual(['Alpha', 'Beta']);
      expect(remote).toContainEqual(['Alpha', 'Beta']);
      // A NOTIFY without names (an older process, or too many types) means any type.
      const admin = new Client({ connectionString: database.url });
      await admin.connect();
      remote.length = 0;
      await admin.query(`SELECT pg_notify('es_appended', '')`);
      await admin.end();
      await until(() => remote.length > 0);
      expect(remote).toEqual([undefined]);
    } finally {
      unsubscribe();
      await other.close();
    }
  });

  it('tells its listeners of an append held behind an older transaction once it is readable, here and in another instance', async () => {
    const other = new PostgresEventStore({ url: database.url });
    const local: string[][] = [];
    const remote: string[][] = [];
    const names = (types?: ReadonlySet<string>) => (types ? [...types].sort() : ['*']);
    const unsubscribe = store.onAppended((types) => local.push(names(types)));
    const holder = new Client({ connectionString: database.url });
    await holder.connect();
    try {
      other.onAppended((types) => remote.push(names(types)));
      await until(() => remote.length > 0); // LISTEN is set up
      const before = await store.headPosition();
      // An older transaction with an id of its own (any writer's): readers see nothing that committed after it began.
      await holder.query('BEGIN');
      await holder.query('SELECT pg_current_xact_id()');
      const streamId = `held-${randomUUID()}`;
      const told = (calls: string[][]) => calls.filter((types) => types.includes('Held') || types.includes('*')).length;
      const [localBefore, remoteBefore] = [told(local), told(remote)];
      await store.appendToStream(streamId, [{ eventId: randomUUID(), type: 'Held', data: {}, metadata }], 'no_stream');
      const ours = async () =>
        (await store.readAll({ after: before, maxCount: 1000 })).filter((e) => e.streamId === streamId);
      // Not readable while the older transaction runs, and not announced: a reader woken now would read nothing.
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(await ours()).toEqual([]);
      expect([told(local), told(remote)]).toEqual([localBefore, remoteBefore]);
      await holder.query('COMMIT');
      // Announced once the horizon has passed it, here and by NOTIFY: readers find it then.
      await until(() => told(local) > localBefore && told(remote) > remoteBefore);
      expect((await ours()).map((e) => e.type)).toEqual(['Held']);
    } finally {
      await holder.query('ROLLBACK').catch(() => undefined);
      await holder.end();
      unsubscribe();
      await other.close();
    }
  });

  const event = (data: Record<string, unknown> = {}) => ({ eventId: randomUUID(), type: 'T', data, metadata });

  it('writes in one batch the appends started in one turn, also those that take a few asynchronous steps first', async () => {
    // As when each append's personal fields are sealed first (an async step, its keys cached): they reach the
    // queue some microtasks after the first one.
    const later = async (steps: number, streamId: string) => {
      for (let step = 0; step < steps; step++) await Promise.resolve();
      return store.appendToStream(streamId, [event()], 'no_stream');
    };
    const results = await Promise.all([0, 1, 3, 8].map((steps) => later(steps, `turn-${steps}-${randomUUID()}`)));
    expect(new Set(results.map((result) => result.position.commit)).size).toBe(1);
  });

  it('writes appends that arrive while a batch is in flight together, each with its own outcome', async () => {
    const x = `group-x-${randomUUID()}`;
    const y = `group-y-${randomUUID()}`;
    const z = `group-z-${randomUUID()}`;
    await store.appendToStream(y, [event()], 'no_stream');
    // Appends started in the same turn go in one batch (the pump waits for the end of the event loop's turn).
    const first = store.appendToStream(`group-w-${randomUUID()}`, [event()], 'no_stream');
    const x1 = store.appendToStream(x, [event({ n: 1 })], 'no_stream');
    const x2 = store.appendToStream(x, [event({ n: 2 }), event({ n: 3 })], 1);
    const yStale = store.appendToStream(y, [event()], 'no_stream');
    const zAny = store.appendToStream(z, [event()], 'any');
    const [r0, r1, r2, rStale, rz] = await Promise.allSettled([first, x1, x2, yStale, zAny]);
    expect(r1).toMatchObject({ status: 'fulfilled', value: { nextExpectedVersion: 1 } });
    expect(r2).toMatchObject({ status: 'fulfilled', value: { nextExpectedVersion: 3 } });
    expect(rStale).toMatchObject({ status: 'rejected', reason: { name: 'WrongExpectedVersionError', actual: 1 } });
    expect(rz).toMatchObject({ status: 'fulfilled', value: { nextExpectedVersion: 1 } });
    const commits = [r0, r1, r2, rz].map((r) => (r as PromiseFulfilledResult<AppendResult>).value.position.commit);
    expect(new Set(commits).size).toBe(1); // one transaction
    expect((await store.readStream(x)).map((e) => [e.streamVersion, e.data])).toEqual([
      [1, { n: 1 }],
      [2, { n: 2 }],
      [3, { n: 3 }],
    ]);
    expect(await store.readStream(y)).toHaveLength(1);
  });

  it('resolves a retry as duplicate, also when it is queued beside its original or passes the version check', async () => {
    const s = `retry-${randomUUID()}`;
    const events = [event({ n: 1 }), event({ n: 2 })];
    const busy = store.appendToStream(`retry-busy-${randomUUID()}`, [event()], 'no_stream');
    const original = store.appendToStream(s, events, 'no_stream');
    const retry = store.appendToStream(s, events, 'no_stream');
    const [, o, r] = await Promise.all([busy, original, retry]);
    expect(r).toEqual(o);
    // 'any' passes the version check: the unique event id makes the batch run again with the id check,
    // without failing the other append of the batch.
    const other = `retry-other-${randomUUID()}`;
    const busy2 = store.appendToStream(`retry-busy-${randomUUID()}`, [event()], 'no_stream');
    const again = store.appendToStream(s, events, 'any');
    const fresh = store.appendToStream(other, [event()], 'no_stream');
    const [, a, f] = await Promise.all([busy2, again, fresh]);
    expect(a).toEqual(o);
    expect(f.nextExpectedVersion).toBe(1);
    expect(await store.readStream(s)).toHaveLength(2);
  });

  it('fails only the invalid append of a batch', async () => {
    const busy = store.appendToStream(`invalid-busy-${randomUUID()}`, [event()], 'no_stream');
    const invalid = store.appendToStream(
      `invalid-${randomUUID()}`,
      [{ eventId: 'not-a-uuid', type: 'T', data: {}, metadata }],
      'no_stream',
    );
    const valid = store.appendToStream(`valid-${randomUUID()}`, [event()], 'no_stream');
    const [, i, v] = await Promise.allSettled([busy, invalid, valid]);
    expect(i.status).toBe('rejected');
    expect(v).toMatchObject({ status: 'fulfilled', value: { nextExpectedVersion: 1 } });
  });

  it('reads large batches ahead without skipping or repeating events, also past a transaction held open', async () => {
    const from = await store.headPosition();
    const prefix = `ahead-${randomUUID()}`;
    const appended: string[] = [];
    const appendMany = async (count: number) => {
      for (let i = 0; i < count; i += 100) {
        const batch = [...Array(100).keys()].map((k) => event({ n: i + k }));
        await store.appendToStream(`${prefix}-${appended.length}`, batch, 'no_stream');
        appended.push(...batch.map((e) => e.eventId));
      }
    };
    await appendMany(1100);
    const holder = new Client({ connectionString: database.url });
    await holder.connect();
    await holder.query('BEGIN');
    const held = event();
    await store.appendInTransaction(holder, `${prefix}-held`, [held], 'no_stream');
    await appendMany(600);
    const seen: string[] = [];
    let after = from;
    const readAll = async () => {
      for (;;) {
        const events = await store.readAll({ after, maxCount: 500 });
        if (events.length === 0) return;
        for (const e of events) {
          expect(comparePositions(e.position, after)).toBe(1);
          after = e.position;
          if (e.streamId.startsWith(prefix)) seen.push(e.eventId);
        }
      }
    };
    await eventually(readAll, () => seen.length >= 1100);
    expect(seen).toEqual(appended.slice(0, 1100));
    await holder.query('COMMIT');
    await holder.end();
    await eventually(readAll, () => seen.length >= appended.length + 1);
    expect(seen).toEqual([...appended.slice(0, 1100), held.eventId, ...appended.slice(1100)]);
  });

  it('hands out events whose lazily decoded fields behave like plain properties', async () => {
    const s = `lazy-${randomUUID()}`;
    const stored = event({ text: 'héllo', list: [1, 2] });
    await store.appendToStream(s, [stored], 'no_stream');
    const [read] = await store.readStream(s);
    const plain = { ...read };
    expect(plain.data).toEqual({ text: 'héllo', list: [1, 2] });
    expect(plain.metadata).toEqual(metadata);
    expect(plain.recordedAt).toBeInstanceOf(Date);
    expect(Object.keys(read)).toEqual(
      expect.arrayContaining([
        'eventId',
        'streamId',
        'streamVersion',
        'type',
        'data',
        'metadata',
        'position',
        'recordedAt',
      ]),
    );
    const json = JSON.parse(
      JSON.stringify(read, (_key, value: unknown) => (typeof value === 'bigint' ? `${value}` : value)),
    );
    expect(json).toMatchObject({ data: stored.data, metadata });
    read.data = { replaced: true };
    expect(read.data).toEqual({ replaced: true });
    expect(read).toEqual({ ...plain, data: { replaced: true } });
  });

  it('reads only the payloads of the requested types, and every event position', async () => {
    const before = await store.headPosition();
    const stream = `typed-${randomUUID()}`;
    await store.appendToStream(
      stream,
      [
        { eventId: randomUUID(), type: 'Wanted', data: { n: 1 }, metadata },
        { eventId: randomUUID(), type: 'Other', data: { big: 'x'.repeat(1000) }, metadata },
        { eventId: randomUUID(), type: 'Wanted', data: { n: 2 }, metadata },
      ],
      'no_stream',
    );
    // headPosition() is the last visible position: an earlier test's event that was still hidden then
    // may show up after it, so only this stream's events count.
    const ours = <T extends { streamId: string }>(events: T[]) => events.filter((e) => e.streamId === stream);
    const full = ours(
      await eventually(
        () => store.readAll({ after: before, maxCount: 1000 }),
        (events) => ours(events).length >= 3,
      ),
    );
    const typed = ours(await store.readAll({ after: before, maxCount: 1000, types: ['Wanted'] }));
    expect(typed.map((e) => [e.eventId, e.type, e.streamVersion, e.position])).toEqual(
      full.map((e) => [e.eventId, e.type, e.streamVersion, e.position]),
    );
    expect(typed.map((e) => e.data)).toEqual([{ n: 1 }, null, { n: 2 }]);
    expect(typed[0].metadata).toEqual(metadata);
    expect(typed[1].metadata).toBeNull();
  });

  it('reports health', async () => {
    expect(await store.health()).toMatchObject({ ok: true });
  });
});
