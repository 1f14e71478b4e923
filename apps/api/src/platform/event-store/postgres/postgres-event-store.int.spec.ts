import { describeEventStoreContract } from '../../../../test/support/event-store-contract';
import { createMigratedTestDataSource } from '../../../../test/support/test-database';
import { PostgresEventStore } from './postgres-event-store';
import { Client } from 'pg';
import { randomUUID } from 'node:crypto';

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
    expect(await store.readAll({ after: before, maxCount: 10 })).toEqual([]);
    await holder.query('COMMIT');
    await holder.end();
    const seen = await store.readAll({ after: before, maxCount: 10 });
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

  it('reports health', async () => {
    expect(await store.health()).toMatchObject({ ok: true });
  });
});
