import { randomUUID } from 'node:crypto';
import type { DataSource, EntityManager } from 'typeorm';
import { migrations } from '../../migrations';
import { createDataSource } from '../database/data-source';
import {
  NO_STREAM,
  comparePositions,
  type EventStore,
  type Position,
  type StoredEvent,
} from '../event-store/event-store.port';
import { PostgresEventStore } from '../event-store/postgres/postgres-event-store';
import { createMigratedTestDataSource, type MigratedTestDataSource } from '../../../test/support/test-database';
import type { Projection, Reaction } from './projection';
import { ProjectionRunner, rebuildProjection, type RunnerLogger } from './projection-runner';
import { systemEvent as event } from '../../../test/support/event-metadata';

const quiet: RunnerLogger = { log: () => undefined, warn: () => undefined, error: () => undefined };
const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

type Fault = 'throw' | 'terminate';

/**
 * Test read model: a row per event (UNIQUE event id: a double effect fails loudly) and per-stream
 * counters (a double effect or a loss shows in the numbers). Writes in bulk, like real projections.
 */
class CountingProjection implements Projection {
  readonly eventTypes = ['Counted'];
  calls = 0;
  /** Faults injected by call number: the batch writes half of its rows, then fails. */
  faults = new Map<number, Fault>();
  onFault: (() => void) | undefined;

  constructor(readonly name = 'test-counting') {}

  async handle(events: StoredEvent[], tx: EntityManager): Promise<void> {
    this.calls++;
    const fault = this.faults.get(this.calls);
    const rows = events.map((e) => ({ event_id: e.eventId, stream_id: e.streamId, n: (e.data as { n: number }).n }));
    const write = async (part: typeof rows) => {
      await tx.query(
        `INSERT INTO test_event_rows (event_id, stream_id, n)
         SELECT event_id, stream_id, n FROM jsonb_to_recordset($1::jsonb) AS r(event_id uuid, stream_id text, n int)`,
        [JSON.stringify(part)],
      );
      await tx.query(
        `INSERT INTO test_stream_counts (stream_id, events, total)
         SELECT stream_id, count(*), sum(n) FROM jsonb_to_recordset($1::jsonb) AS r(stream_id text, n int) GROUP BY stream_id
         ON CONFLICT (stream_id) DO UPDATE SET events = test_stream_counts.events + EXCLUDED.events,
           total = test_stream_counts.total + EXCLUDED.total`,
        [JSON.stringify(part)],
      );
    };
    if (!fault) return write(rows);
    await write(rows.slice(0, Math.floor(rows.length / 2)));
    this.onFault?.();
    if (fault === 'terminate') await tx.query('SELECT pg_terminate_backend(pg_backend_pid())');
    throw new Error('injected crash in the middle of a batch');
  }

  async reset(tx: EntityManager): Promise<void> {
    await tx.query('TRUNCATE test_event_rows, test_stream_counts');
  }
}

async function snapshot(dataSource: DataSource) {
  const rows: { n: number }[] = await dataSource.query('SELECT count(*)::int AS n FROM test_event_rows');
  const counts: { stream_id: string; events: number; total: string }[] = await dataSource.query(
    'SELECT stream_id, events, total::text AS total FROM test_stream_counts ORDER BY stream_id',
  );
  return { rows: rows[0].n, counts };
}

/** One readAll of the log as a test store saw it. */
interface LogRead {
  after: Position;
  types: string[];
  events: number;
}

describe('ProjectionRunner', () => {
  let db: MigratedTestDataSource;
  let store: PostgresEventStore;
  const extraSources: DataSource[] = [];

  async function anotherDataSource(): Promise<DataSource> {
    const dataSource = createDataSource({ url: db.url, entities: [], migrations, logErrors: false });
    await dataSource.initialize();
    extraSources.push(dataSource);
    return dataSource;
  }

  /** Appends `count` events from 8 concurrent writers; returns the position of the last one. */
  async function appendMany(count: number, streams: number, type = 'Counted'): Promise<Position> {
    let last: Position = { commit: 0n, prepare: 0n };
    const prefix = randomUUID().slice(0, 8);
    for (let start = 0; start < count; start += 8) {
      const results = await Promise.all(
        [...Array(Math.min(8, count - start)).keys()].map((k) =>
          store.appendToStream(
            `counted-${prefix}-${(start + k) % streams}`,
            [event(type, { n: (start + k) % 7 })],
            'any',
          ),
        ),
      );
      for (const result of results) if (comparePositions(result.position, last) > 0) last = result.position;
    }
    return last;
  }

  beforeAll(async () => {
    db = await createMigratedTestDataSource();
    await db.dataSource.query(
      `CREATE TABLE test_event_rows (event_id uuid PRIMARY KEY, stream_id text NOT NULL, n int NOT NULL)`,
    );
    await db.dataSource.query(
      `CREATE TABLE test_stream_counts (stream_id text PRIMARY KEY, events int NOT NULL, total bigint NOT NULL)`,
    );
    store = new PostgresEventStore({ url: db.url });
  });
  afterAll(async () => {
    for (const dataSource of extraSources) if (dataSource.isInitialized) await dataSource.destroy();
    await store.close();
    await db.drop();
  });
  beforeEach(async () => {
    await db.dataSource.query('TRUNCATE test_event_rows, test_stream_counts, projection_checkpoints');
  });

  /** The store, with each readAll recorded in `reads`: where it read after, the types asked for, the events read. */
  function countingReads(reads: LogRead[]): EventStore {
    return {
      appendToStream: (streamId, events, expected) => store.appendToStream(streamId, events, expected),
      readStream: (streamId, fromVersion) => store.readStream(streamId, fromVersion),
      readStreams: (streamIds) => store.readStreams(streamIds),
      async readAll(options) {
        const events = await store.readAll(options);
        reads.push({ after: options.after, types: [...(options.types ?? [])], events: events.length });
        return events;
      },
      onAppended: (listener) => store.onAppended(listener),
      headPosition: () => store.headPosition(),
      health: () => store.health(),
      close: async () => undefined,
    };
  }

  /** A projection of `eventTypes` that hands each batch to `onHandle` and keeps no table. */
  function projectionOf(name: string, eventTypes: string[], onHandle: (events: StoredEvent[]) => void = () => {}) {
    return {
      name,
      eventTypes,
      async handle(events) {
        onHandle(events);
      },
      async reset() {},
    } satisfies Projection;
  }

  /**
   * Runs `act` while an older transaction with an id of its own is open (readers see nothing committed meanwhile),
   * then, 300 ms later, ends it. `act` answers promises in an object, so that they are awaited after.
   */
  async function whileAnOlderTransactionRuns<T extends object>(act: () => Promise<T>): Promise<T> {
    const holder = await db.dataSource.createQueryRunner();
    try {
      await holder.startTransaction();
      await holder.query('SELECT pg_current_xact_id()');
      const result = await act();
      await sleep(300);
      await holder.commitTransaction();
      return result;
    } finally {
      if (holder.isTransactionActive) await holder.rollbackTransaction();
      await holder.release();
    }
  }

  it('resumes after crashes mid-batch with no loss and no double effect, matching a clean rebuild', async () => {
    await appendMany(3000, 40);
    // A process that crashes mid-batch: its batch writes half its rows, then it dies (all connections gone).
    const firstSource = await anotherDataSource();
    const first = new CountingProjection();
    first.faults.set(4, 'throw');
    const crashed = new Promise<void>((resolve) => (first.onFault = resolve));
    const firstRunner = new ProjectionRunner(firstSource, store, { batchSize: 250, logger: quiet });
    firstRunner.registerProjection(first);
    await firstRunner.start();
    await crashed;
    await db.dataSource.query(
      `SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()`,
    );
    await firstRunner.stop();
    await firstSource.destroy();
    const partial = await snapshot(db.dataSource);
    expect(partial.rows).toBe(750); // three committed batches, nothing of the crashed one

    const head = await appendMany(1000, 40);
    // The restarted process loses its transaction's connection in the middle of a batch once more.
    const second = new CountingProjection();
    second.faults.set(2, 'terminate');
    const runner = new ProjectionRunner(await anotherDataSource(), store, {
      batchSize: 250,
      logger: quiet,
      maxBackoffMs: 200,
    });
    runner.registerProjection(second);
    await runner.start();
    try {
      expect(await runner.waitFor(head, undefined, 20000)).toBe(true);
      const resumed = await snapshot(db.dataSource);
      expect(resumed.rows).toBe(4000);
      expect(resumed.counts.reduce((sum, c) => sum + c.events, 0)).toBe(4000);
      const truth: { stream_id: string; events: number; total: string }[] = await db.dataSource.query(
        `SELECT stream_id, count(*)::int AS events, sum((data->>'n')::int)::text AS total FROM events
         WHERE type = 'Counted' GROUP BY stream_id ORDER BY stream_id`,
      );
      expect(resumed.counts).toEqual(truth);

      const lines: string[] = [];
      const rebuilt = await rebuildProjection(runner, 'test-counting', (line) => lines.push(line));
      expect(rebuilt).toMatchObject({ name: 'test-counting', events: 4000, handled: 4000, local: true });
      expect(lines.join('\n')).toMatch(/4000 events read, 4000 handled in \d+ ms \(\d+ events\/s\)/);
      expect(await snapshot(db.dataSource)).toEqual(resumed);
    } finally {
      await runner.stop();
    }
  });

  it('waitFor resolves once the projections reached a position, and false after its timeout', async () => {
    const projection = new CountingProjection();
    const runner = new ProjectionRunner(db.dataSource, store, { logger: quiet, pollIntervalMs: 60000 });
    runner.registerProjection(projection);
    await runner.start();
    try {
      const stream = `wait-${randomUUID()}`;
      const appended = await store.appendToStream(stream, [event('Counted', { n: 5 })], NO_STREAM);
      expect(await runner.waitFor(appended.position)).toBe(true);
      const rows: { events: number }[] = await db.dataSource.query(
        'SELECT events FROM test_stream_counts WHERE stream_id = $1',
        [stream],
      );
      expect(rows).toEqual([{ events: 1 }]);

      const future = { commit: appended.position.commit + 1_000_000n, prepare: 0n };
      const started = Date.now();
      expect(await runner.waitFor(future, ['test-counting'], 300)).toBe(false);
      expect(Date.now() - started).toBeLessThan(2000);
      expect(await runner.waitFor(appended.position, ['not-registered'], 200)).toBe(false);
    } finally {
      await runner.stop();
    }
  });

  it('lets one process lead a projection at a time and hands over when the leader stops', async () => {
    const a = new CountingProjection();
    const b = new CountingProjection();
    const runnerA = new ProjectionRunner(await anotherDataSource(), store, {
      logger: quiet,
      batchSize: 100,
      leaseIntervalMs: 100,
    });
    const runnerB = new ProjectionRunner(await anotherDataSource(), store, {
      logger: quiet,
      batchSize: 100,
      leaseIntervalMs: 100,
    });
    runnerA.registerProjection(a);
    runnerB.registerProjection(b);
    await runnerA.start();
    await sleep(100);
    await runnerB.start();
    try {
      const first = await appendMany(800, 10);
      expect(await runnerA.waitFor(first, undefined, 10000)).toBe(true);
      expect(a.calls).toBeGreaterThan(0);
      expect(b.calls).toBe(0);
      await runnerA.stop();
      const head = await appendMany(200, 10);
      expect(await runnerB.waitFor(head, undefined, 10000)).toBe(true);
      expect(b.calls).toBeGreaterThan(0);
      const [total]: { n: number }[] = await db.dataSource.query(
        `SELECT count(*)::int AS n FROM events WHERE type = 'Counted'`,
      );
      expect((await snapshot(db.dataSource)).rows).toBe(total.n);
    } finally {
      await runnerA.stop();
      await runnerB.stop();
    }
  });

  it('rebuilds a projection under a running runner without disturbing it', async () => {
    const runner = new ProjectionRunner(db.dataSource, store, { logger: quiet });
    const projection = new CountingProjection();
    runner.registerProjection(projection);
    await runner.start();
    try {
      expect(await runner.waitFor(await appendMany(500, 5))).toBe(true);
      const before = await snapshot(db.dataSource);
      const result = await runner.rebuild('test-counting');
      expect(result.local).toBe(true);
      expect(await snapshot(db.dataSource)).toEqual(before);
      const head = await appendMany(50, 5);
      expect(await runner.waitFor(head)).toBe(true);
      expect((await snapshot(db.dataSource)).rows).toBe(before.rows + 50);
      await expect(runner.rebuild('missing')).rejects.toThrow(/Unknown projection/);
    } finally {
      await runner.stop();
    }
  });

  it('serves the subscribers at one position with one read of the log and moves their checkpoints together', async () => {
    const reads: LogRead[] = [];
    const counting = countingReads(reads);
    const handled = new Map<string, StoredEvent[]>();
    const recording = (name: string, eventTypes: string[]) =>
      projectionOf(name, eventTypes, (events) => handled.set(name, [...(handled.get(name) ?? []), ...events]));
    const afterCommitted: StoredEvent[] = [];
    const runner = new ProjectionRunner(db.dataSource, counting, { logger: quiet, pollIntervalMs: 60000 });
    runner.registerProjection(new CountingProjection());
    runner.registerProjection(recording('test-other', ['Other']));
    runner.registerProjection(recording('test-never', ['Never']));
    runner.registerReaction({
      name: 'test-after-other',
      eventTypes: ['Other'],
      startAt: 'head',
      async afterCommit(events) {
        afterCommitted.push(...events);
      },
    });
    runner.registerReaction({
      name: 'test-after-never',
      eventTypes: ['Never'],
      startAt: 'head',
      async afterCommit() {},
    });
    const names = ['test-counting', 'test-other', 'test-never', 'test-after-other', 'test-after-never'];
    await runner.start();
    try {
      // Every subscriber at one position, and idle (no read in flight).
      const first = await store.appendToStream(`shared-${randomUUID()}`, [event('Counted', { n: 1 })], NO_STREAM);
      expect(await runner.waitFor(first.position, names, 10_000, { afterCommit: true })).toBe(true);
      // Idle: no read for 100 ms (a loop may still read once after reaching the position).
      for (let stable = 0, seen = -1; stable < 5; stable = reads.length === seen ? stable + 1 : 0) {
        seen = reads.length;
        await sleep(20);
      }
      const from = first.position;

      const stream = `shared-${randomUUID()}`;
      const appended = await store.appendToStream(
        stream,
        [event('Counted', { n: 3 }), event('Other', { note: 'kept' }), event('Counted', { n: 4 })],
        NO_STREAM,
      );
      expect(await runner.waitFor(appended.position, names, 10_000, { afterCommit: true })).toBe(true);

      // One read after that position served all five subscribers, with the payloads of every type they handle.
      const served = reads.filter((read) => comparePositions(read.after, from) === 0 && read.events > 0);
      expect(served).toHaveLength(1);
      expect(new Set(served[0].types)).toEqual(new Set(['Counted', 'Other', 'Never']));
      // Each handled its own types only, payloads intact.
      expect(
        handled
          .get('test-other')
          ?.filter((e) => e.streamId === stream)
          .map((e) => e.data),
      ).toEqual([{ note: 'kept' }]);
      expect(handled.get('test-never')).toBeUndefined();
      expect(afterCommitted.filter((e) => e.streamId === stream).map((e) => e.data)).toEqual([{ note: 'kept' }]);
      const counts: { events: number; total: string }[] = await db.dataSource.query(
        'SELECT events, total::text AS total FROM test_stream_counts WHERE stream_id = $1',
        [stream],
      );
      expect(counts).toEqual([{ events: 2, total: '7' }]);
      // The checkpoints moved by the shared statement (and the transactional path) all stand at the new head.
      const rows: { name: string; at: boolean; after_commit_at: boolean }[] = await db.dataSource.query(
        `SELECT name, commit = $2 AND prepare = $3 AS at,
           COALESCE(after_commit_commit = $2 AND after_commit_prepare = $3, true) AS after_commit_at
           FROM projection_checkpoints WHERE name = ANY($1) ORDER BY name`,
        [names, appended.position.commit.toString(), appended.position.prepare.toString()],
      );
      expect(rows).toEqual([...names].sort().map((name) => ({ name, at: true, after_commit_at: true })));

      // Also when the append was written beside an older running transaction: the subscribers of its types and
      // those a wait names read nothing until it ends, then the append's announcement, once readable, wakes them
      // together (the wait's ones are not woken on their own, before or after the others).
      const { heldAt, waited } = await whileAnOlderTransactionRuns(async () => {
        const held = await store.appendToStream(
          `shared-${randomUUID()}`,
          [event('Counted', { n: 5 }), event('Other', { note: 'held' })],
          NO_STREAM,
        );
        const never = ['test-never', 'test-after-never'];
        return { heldAt: held.position, waited: runner.waitFor(held.position, never, 10_000, { afterCommit: true }) };
      });
      expect(await waited).toBe(true);
      expect(await runner.waitFor(heldAt, names, 10_000, { afterCommit: true })).toBe(true);
      const afterHeld = reads.filter(
        (read) => comparePositions(read.after, appended.position) === 0 && read.events > 0,
      );
      expect(afterHeld).toHaveLength(1);
      expect(new Set(afterHeld[0].types)).toEqual(new Set(['Counted', 'Other', 'Never']));
    } finally {
      await runner.stop();
    }
  });

  it('wakes only the subscribers an append or a wait concerns; the others read past it when asked or on their poll', async () => {
    const reads: LogRead[] = [];
    const counting = countingReads(reads);
    const handled: string[] = [];
    const subscriber = (name: string, type: string) =>
      projectionOf(name, [type], (events) => handled.push(...events.map((e) => `${name}:${e.type}`)));
    const runner = new ProjectionRunner(db.dataSource, counting, { logger: quiet, pollIntervalMs: 60000 });
    runner.registerProjection(subscriber('test-alpha', 'Alpha'));
    runner.registerProjection(subscriber('test-beta', 'Beta'));
    await runner.start();
    try {
      const first = await store.appendToStream(`typed-${randomUUID()}`, [event('Alpha', {})], NO_STREAM);
      expect(await runner.waitFor(first.position, ['test-alpha', 'test-beta'], 10_000)).toBe(true);
      await sleep(100);
      reads.length = 0;

      // Only Alpha's subscriber is woken: it handles the event; Beta's does not read the log at all.
      const alpha = await store.appendToStream(`typed-${randomUUID()}`, [event('Alpha', {})], NO_STREAM);
      for (const deadline = Date.now() + 5000; !handled.includes('test-alpha:Alpha') || handled.length < 2;) {
        if (Date.now() > deadline) throw new Error('test-alpha did not handle the event');
        await sleep(20);
      }
      await sleep(200);
      expect(reads.every((read) => read.types.includes('Alpha') && !read.types.includes('Beta'))).toBe(true);
      // Beta's subscriber is behind the log, by nothing it handles: its lag is 0.
      const beta = (await runner.status()).find((s) => s.name === 'test-beta');
      expect(beta).toMatchObject({ lag: 0, lagCapped: false });
      const [checkpoint]: { behind: boolean }[] = await db.dataSource.query(
        `SELECT (commit, prepare) < ($2::numeric, $3::numeric) AS behind FROM projection_checkpoints WHERE name = $1`,
        ['test-beta', alpha.position.commit.toString(), alpha.position.prepare.toString()],
      );
      expect(checkpoint.behind).toBe(true);

      // A wait for another subscriber does not wake it: still no read of Beta's.
      expect(await runner.waitFor(alpha.position, ['test-alpha'], 2000)).toBe(true);
      await sleep(200);
      expect(reads.some((read) => read.types.includes('Beta'))).toBe(false);
      // Asked for (waitFor wakes the loops it waits for), it reads past the event at once.
      expect(await runner.waitFor(alpha.position, ['test-beta'], 2000)).toBe(true);
      // An append of its own type wakes it too, and it handles it.
      await store.appendToStream(`typed-${randomUUID()}`, [event('Beta', {})], NO_STREAM);
      for (const deadline = Date.now() + 5000; !handled.includes('test-beta:Beta');) {
        if (Date.now() > deadline) throw new Error('test-beta did not handle its event');
        await sleep(20);
      }
      expect(handled.filter((h) => h === 'test-alpha:Alpha')).toHaveLength(2);
    } finally {
      await runner.stop();
    }
  });

  it('gets a subscriber it waits for there, also when it woke it before the position was readable', async () => {
    const runner = new ProjectionRunner(db.dataSource, store, { logger: quiet, pollIntervalMs: 60000 });
    runner.registerProjection(projectionOf('test-late-alpha', ['Alpha']));
    runner.registerProjection(projectionOf('test-late-beta', ['Beta']));
    await runner.start();
    try {
      const first = await store.appendToStream(`late-${randomUUID()}`, [event('Beta', {})], NO_STREAM);
      expect(await runner.waitFor(first.position, ['test-late-alpha', 'test-late-beta'], 10_000)).toBe(true);
      // Alpha is appended while an older transaction runs: readers do not see it until that one ends. The wait wakes
      // Beta's subscriber at once, when it can read nothing; no append of its types follows.
      const { waited } = await whileAnOlderTransactionRuns(async () => {
        const alpha = await store.appendToStream(`late-${randomUUID()}`, [event('Alpha', {})], NO_STREAM);
        return { waited: runner.waitFor(alpha.position, ['test-late-beta'], 5000) };
      });
      expect(await waited).toBe(true);
    } finally {
      await runner.stop();
    }
  });

  it('runs reactions after commit, at least once even when afterCommit fails or the process dies before it', async () => {
    await appendMany(20, 2, 'Other');
    const seen: string[] = [];
    let failNext = 1;
    const reaction: Reaction & { blocked: boolean } = {
      name: 'test-reaction',
      eventTypes: ['Counted'],
      startAt: 'head',
      blocked: true,
      async afterCommit(events) {
        if (this.blocked) throw new Error('side effect unavailable');
        if (failNext-- > 0) throw new Error('transient failure');
        seen.push(...events.map((e) => e.eventId));
      },
    };
    const firstSource = await anotherDataSource();
    const first = new ProjectionRunner(firstSource, store, { logger: quiet, maxBackoffMs: 50 });
    first.registerReaction(reaction);
    await first.start();
    for (let i = 0; i < 100; i++) {
      const rows: unknown[] = await db.dataSource.query(
        `SELECT 1 FROM projection_checkpoints WHERE name = 'test-reaction'`,
      );
      if (rows.length > 0) break;
      await sleep(20);
    }
    const batch = [...Array(5).keys()].map((n) => event('Counted', { n }));
    const appended = batch.map((e) => e.eventId);
    const written = await store.appendToStream(`reaction-${randomUUID()}`, batch, NO_STREAM);
    // The checkpoint moves (the batch committed) while afterCommit keeps failing; then the process stops.
    expect(await first.waitFor(written.position, ['test-reaction'], 10_000)).toBe(true);
    await first.stop();
    expect(seen).toEqual([]);

    reaction.blocked = false;
    const second = new ProjectionRunner(await anotherDataSource(), store, { logger: quiet, maxBackoffMs: 50 });
    second.registerReaction(reaction);
    await second.start();
    try {
      for (let i = 0; i < 100 && seen.length < 5; i++) await sleep(50);
      expect(new Set(seen)).toEqual(new Set(appended));
      // The reaction's own checkpoint is saved right after afterCommit returns: wait (bounded) for it.
      let done = false;
      for (let i = 0; i < 100 && !done; i++) {
        const [row]: { done: boolean }[] = await db.dataSource.query(
          `SELECT after_commit_commit = commit AND after_commit_prepare = prepare AS done FROM projection_checkpoints WHERE name = 'test-reaction'`,
        );
        done = row.done;
        if (!done) await sleep(50);
      }
      expect(done).toBe(true);
      await expect(second.rebuild('test-reaction')).rejects.toThrow(/reaction/);
    } finally {
      await second.stop();
    }
  });

  it('parks an event that keeps failing, with its stream behind it, logs it once, goes on, and replays it after a fix', async () => {
    await db.dataSource.query('TRUNCATE projection_parked_event');
    const projection = new CountingProjection('test-poison');
    const poisonStream = `poisoned-${randomUUID()}`;
    let fixed = false;
    const handle = projection.handle.bind(projection);
    projection.handle = async (events, tx) => {
      if (!fixed && events.some((e) => (e.data as { poison?: boolean }).poison)) {
        throw new Error('invalid input syntax for type timestamp with time zone: "+020000-01-01T00:00:00.000Z"');
      }
      return handle(events, tx);
    };
    const errors: string[] = [];
    const logger: RunnerLogger = { ...quiet, error: (message) => errors.push(message) };
    const counted = async () =>
      Number(
        (
          (await db.dataSource.query(`SELECT count(*)::int AS n FROM events WHERE type = 'Counted'`)) as { n: number }[]
        )[0].n,
      );
    const runner = new ProjectionRunner(await anotherDataSource(), store, {
      batchSize: 50,
      logger,
      maxBackoffMs: 20,
    });
    runner.registerProjection(projection);
    await runner.start();
    try {
      await appendMany(40, 4);
      await store.appendToStream(poisonStream, [event('Counted', { n: 1 })], NO_STREAM);
      await store.appendToStream(poisonStream, [event('Counted', { n: 2, poison: true })], 1);
      await store.appendToStream(poisonStream, [event('Counted', { n: 3 })], 2);
      const head = await appendMany(40, 4);
      // Other streams keep moving: the checkpoint reaches the head although one event cannot be handled.
      expect(await runner.waitFor(head, ['test-poison'], 20_000)).toBe(true);
      const rows = await snapshot(db.dataSource);
      expect(rows.rows).toBe((await counted()) - 2);
      const parked = await runner.parkedEvents('test-poison');
      expect(parked.map((p) => [p.streamId, p.streamVersion, p.attempts > 0])).toEqual([
        [poisonStream, 2, true],
        [poisonStream, 3, false],
      ]);
      expect(parked[0].error).toMatch(/invalid input syntax for type timestamp/);
      expect(parked[1].error).toBe('Held behind a parked event of the same stream');
      expect(errors.filter((line) => line.includes('parked event'))).toHaveLength(1);
      expect(errors[0]).toContain(parked[0].eventId);
      const status = (await runner.status()).find((s) => s.name === 'test-poison');
      expect(status).toEqual({ name: 'test-poison', kind: 'projection', lag: 0, lagCapped: false, parked: 2 });

      // A later event of the poisoned stream waits behind it too; events of other streams do not.
      await store.appendToStream(poisonStream, [event('Counted', { n: 4 })], 3);
      const later = await appendMany(8, 2);
      expect(await runner.waitFor(later, ['test-poison'], 20_000)).toBe(true);
      expect((await snapshot(db.dataSource)).rows).toBe((await counted()) - 3);
      expect(await runner.parkedEvents('test-poison')).toHaveLength(3);

      // After the fix, the replay applies the stream's events in order and empties the table.
      fixed = true;
      expect(await runner.replayParked('test-poison')).toEqual({ name: 'test-poison', replayed: 3, stillParked: 0 });
      const [counts]: { events: number; total: string }[] = await db.dataSource.query(
        'SELECT events, total::text FROM test_stream_counts WHERE stream_id = $1',
        [poisonStream],
      );
      expect(counts).toEqual({ events: 4, total: '10' });
      const next = await store.appendToStream(poisonStream, [event('Counted', { n: 5 })], 4);
      expect(await runner.waitFor(next.position, ['test-poison'], 20_000)).toBe(true);
      expect((await snapshot(db.dataSource)).rows).toBe(await counted());
      expect(await runner.parkedEvents('test-poison')).toEqual([]);
    } finally {
      await runner.stop();
    }

    // A rebuild meets the same poison (unfixed) and parks it the same way instead of failing.
    fixed = false;
    const rebuilding = new ProjectionRunner(await anotherDataSource(), store, { batchSize: 50, logger: quiet });
    rebuilding.registerProjection(projection);
    const rebuilt = await rebuilding.rebuild('test-poison');
    expect(rebuilt.local).toBe(true);
    expect((await rebuilding.parkedEvents('test-poison')).map((p) => p.streamVersion)).toEqual([2, 3, 4, 5]);
    expect((await snapshot(db.dataSource)).rows).toBe((await counted()) - 4);
  });
});
