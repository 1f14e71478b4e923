/**
 * Event store benchmark: append throughput, catch-up read throughput, projection rebuild.
 *
 *   node -r ./apps/api/test/support/swc-register.js bench/event-store/event-store.bench.ts
 *
 * Starts its own embedded PostgreSQL (default, durable settings) in a temp dir, or uses DATABASE_URL
 * (a fresh database is created on that server and dropped afterwards). Sizes: BENCH_APPENDS (default
 * 40000), BENCH_EVENTS (total events for the read and rebuild phases, default 200000).
 * BENCH_APPEND_BATCHES sets the store's maxConcurrentAppendBatches (default 1) for comparison.
 */
import { randomUUID } from 'node:crypto';
import { cpus } from 'node:os';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from 'pg';
import type { EntityManager } from 'typeorm';
import { migrations } from '../../apps/api/src/migrations';
import { createDataSource, runMigrations } from '../../apps/api/src/platform/database/data-source';
import { startEmbeddedPostgres } from '../../apps/api/src/platform/database/embedded-postgres';
import { START, type NewEvent, type StoredEvent } from '../../apps/api/src/platform/event-store/event-store.port';
import { PostgresEventStore } from '../../apps/api/src/platform/event-store/postgres/postgres-event-store';
import { ProjectionRunner } from '../../apps/api/src/platform/projections/projection-runner';
import { InboxEmailProjection } from '../../apps/api/src/modules/conversations/projections/inbox-email/inbox-email.projection';

const APPENDS = Number(process.env.BENCH_APPENDS ?? 40000);
const TOTAL_EVENTS = Number(process.env.BENCH_EVENTS ?? 200000);
const WRITERS = 8;

const quiet = { log: () => undefined, warn: (m: string) => console.warn(m), error: (m: string) => console.error(m) };
const rate = (count: number, ms: number) => Math.round((count * 1000) / ms).toLocaleString('en-US');

function emailReceived(i: number, teamId: string): NewEvent {
  const emailId = randomUUID();
  return {
    eventId: randomUUID(),
    type: 'EmailReceived',
    data: {
      emailId,
      teamId,
      messageId: `<${emailId}@mail.example.com>`,
      subject: `Order #${i} — question about delivery`,
      fromName: 'Customer Name',
      fromEmail: `customer${i % 5000}@example.com`,
      to: ['support@example.com'],
      cc: [],
      text: 'Hello, I ordered a parcel last week and it has not arrived yet. Could you check the status? Thanks.',
      html: null,
      receivedAt: new Date(Date.UTC(2026, 0, 1) + i * 1000).toISOString(),
      priority: 'MEDIUM',
      status: 'OPEN',
    },
    metadata: {
      actorUserId: null,
      teamId,
      correlationId: randomUUID(),
      causationId: null,
      occurredAt: new Date().toISOString(),
    },
  };
}

/**
 * readAll serves events below the read horizon, the oldest transaction still open on the whole server. Another
 * database's open transaction on a shared server (another bench run beside this one) holds it back for a while: the
 * timed reads start once every event is readable, and the wait is printed.
 */
async function untilReadable(dataSource: { query(sql: string): Promise<{ n: number }[]> }, total: number) {
  const started = Date.now();
  for (;;) {
    const [{ n }] = await dataSource.query(
      'SELECT count(*)::int AS n FROM events WHERE transaction_id < pg_snapshot_xmin(pg_current_snapshot())',
    );
    if (n >= total) break;
    if (Date.now() - started > 60_000) throw new Error(`only ${n} of ${total} events readable after 60 s`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  const waited = Date.now() - started;
  if (waited >= 50)
    console.log(`waited ${waited} ms for the read horizon (an open transaction elsewhere on the server)`);
}

async function main(): Promise<void> {
  let stopServer: (() => Promise<void>) | undefined;
  let tempDir: string | undefined;
  let adminUrl = process.env.DATABASE_URL;
  if (!adminUrl) {
    tempDir = await mkdtemp(join(tmpdir(), 'teaminbox-bench-'));
    const server = await startEmbeddedPostgres({ dataDir: tempDir, database: 'postgres' });
    console.log(`embedded PostgreSQL started in ${server.startMs} ms (first start, initdb included)`);
    stopServer = server.stop;
    adminUrl = server.adminUrl;
  }
  const dbName = `bench_${Date.now()}`;
  const admin = new Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${dbName}`);
  const url = new URL(adminUrl);
  url.pathname = `/${dbName}`;
  const dataSource = createDataSource({ url: url.toString(), entities: [], migrations, poolSize: 4 });
  await runMigrations(dataSource);
  const store = new PostgresEventStore({
    url: url.toString(),
    poolSize: WRITERS,
    maxConcurrentAppendBatches: process.env.BENCH_APPEND_BATCHES ? Number(process.env.BENCH_APPEND_BATCHES) : undefined,
  });
  const teamId = randomUUID();

  try {
    console.log(`machine: ${cpus().length} cores, ${cpus()[0]?.model ?? 'unknown CPU'}; node ${process.version}`);

    // 1. Append: 8 writers, one event per command, each command with its stream's expected version.
    await store.appendToStream('warmup', [emailReceived(0, teamId)], 'any');
    let next = 0;
    const started = Date.now();
    await Promise.all(
      [...Array(WRITERS).keys()].map(async (w) => {
        const versions = new Map<string, number>();
        for (;;) {
          const i = next++;
          if (i >= APPENDS) return;
          const stream = `email-${w}-${i % 500}`;
          const result = await store.appendToStream(
            stream,
            [emailReceived(i, teamId)],
            versions.get(stream) ?? 'no_stream',
          );
          versions.set(stream, result.nextExpectedVersion);
        }
      }),
    );
    const appendMs = Date.now() - started;
    console.log(
      `append: ${APPENDS} events, ${WRITERS} concurrent writers, 1 event per command: ${appendMs} ms = ${rate(APPENDS, appendMs)} events/s`,
    );

    // Fill up for the read phases with batched appends.
    const fill = TOTAL_EVENTS - APPENDS - 1;
    let filled = 0;
    await Promise.all(
      [...Array(4).keys()].map(async (w) => {
        while (filled < fill) {
          const batch = [...Array(Math.min(100, fill - filled)).keys()].map((k) =>
            emailReceived(APPENDS + filled + k, teamId),
          );
          filled += batch.length;
          await store.appendToStream(`bulk-${w}-${filled}`, batch, 'no_stream');
        }
      }),
    );
    await dataSource.query('VACUUM ANALYZE events');
    const [{ n: total }]: { n: number }[] = await dataSource.query('SELECT count(*)::int AS n FROM events');
    await untilReadable(dataSource, total);

    // 2. Catch-up read through readAll batches (what every subscriber does), raw.
    for (const batchSize of [2000, 5000]) {
      let after = START;
      let count = 0;
      const t = Date.now();
      for (;;) {
        const events = await store.readAll({ after, maxCount: batchSize });
        if (events.length === 0) break;
        count += events.length;
        after = events[events.length - 1].position;
      }
      const ms = Date.now() - t;
      console.log(
        `catch-up read (readAll, batches of ${batchSize}): ${count} events in ${ms} ms = ${rate(count, ms)} events/s`,
      );
    }

    // 2b. Through the subscription: the runner feeding a projection that does nothing but checkpoint.
    const noop = {
      name: 'bench-noop',
      eventTypes: ['EmailReceived'],
      handle: async () => undefined,
      reset: async () => undefined,
    };
    const runner = new ProjectionRunner(dataSource, store, { batchSize: 5000, logger: quiet });
    runner.registerProjection(noop);
    const sub = await runner.rebuild('bench-noop');
    console.log(
      `catch-up through the projection runner (no-op handler, checkpoint per batch of 5000): ${sub.events} events in ${sub.ms} ms = ${rate(sub.events, sub.ms)} events/s`,
    );

    // 3. Rebuild of the inbox projection (inbox_email) from zero.
    const inbox = new InboxEmailProjection();
    runner.registerProjection(
      inbox as unknown as {
        name: string;
        eventTypes: string[];
        handle(e: StoredEvent[], tx: EntityManager): Promise<void>;
        reset(tx: EntityManager): Promise<void>;
      },
    );
    await runner.rebuild(inbox.name); // warm-up pass
    const rebuilt = await runner.rebuild(inbox.name);
    const [{ n: rows }]: { n: number }[] = await dataSource.query('SELECT count(*)::int AS n FROM inbox_email');
    console.log(
      `rebuild of '${inbox.name}' from zero: ${rebuilt.events} events (${rebuilt.handled} handled, ${rows} rows) in ${rebuilt.ms} ms = ${rate(rebuilt.events, rebuilt.ms)} events/s`,
    );
    await runner.stop();
    console.log(`events in store: ${total}`);
  } finally {
    await store.close();
    await dataSource.destroy();
    await admin.query(`DROP DATABASE ${dbName} WITH (FORCE)`);
    await admin.end();
    if (stopServer) await stopServer();
    if (tempDir) await rm(tempDir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
