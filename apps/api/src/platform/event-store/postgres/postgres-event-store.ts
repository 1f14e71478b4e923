import { Client, Pool, type PoolClient, type QueryResultRow } from 'pg';
import {
  START,
  WrongExpectedVersionError,
  type AppendResult,
  type EventStore,
  type ExpectedVersion,
  type NewEvent,
  type Position,
  type ReadAllOptions,
  type StoredEvent,
} from '../event-store.port';
import type { EventMetadata } from '@teaminbox/contracts';

export const APPENDED_CHANNEL = 'es_appended';

export interface PostgresEventStoreOptions {
  /** Pool the store uses (not closed by close()); or `url` to let the store own one. */
  pool?: Pool;
  url?: string;
  /** Size of the owned pool (default 10). */
  poolSize?: number;
  /**
   * Cross-process wake-ups are coalesced: at most one NOTIFY per this many milliseconds (default 5).
   * Listeners in this process are called right after each append.
   */
  notifyIntervalMs?: number;
  logger?: { warn(message: string): void };
}

interface AppendRow {
  outcome: 'appended' | 'duplicate' | 'conflict' | 'overlap';
  stream_version: number | null;
  commit_position: string | null;
  prepare_position: string | null;
}

interface EventRow {
  c: string;
  p: string;
  event_id: string;
  stream_id: string;
  stream_version: number;
  type: string;
  data: unknown;
  metadata: EventMetadata;
  recorded_at: Date;
}

type Queryable = Pick<PoolClient, 'query'>;

const APPEND_SQL = 'SELECT outcome, stream_version, commit_position, prepare_position FROM es_append($1, $2, $3)';
const EVENT_COLUMNS = `transaction_id::text AS c, global_position::text AS p, event_id, stream_id, stream_version,
  type, data, metadata, recorded_at`;
const READ_ALL_SQL = `SELECT ${EVENT_COLUMNS} FROM events
  WHERE transaction_id < pg_snapshot_xmin(pg_current_snapshot())
    AND (transaction_id, global_position) > ($1::text::xid8, $2::bigint)
  ORDER BY transaction_id, global_position
  LIMIT $3`;
const READ_STREAM_SQL = `SELECT ${EVENT_COLUMNS} FROM events
  WHERE stream_id = $1 AND stream_version >= $2 ORDER BY stream_version`;
const HEAD_SQL = `SELECT transaction_id::text AS c, global_position::text AS p FROM events
  WHERE transaction_id < pg_snapshot_xmin(pg_current_snapshot())
  ORDER BY transaction_id DESC, global_position DESC LIMIT 1`;

function encodeExpected(expected: ExpectedVersion): number {
  if (expected === 'any') return -1;
  if (expected === 'no_stream') return 0;
  if (!Number.isInteger(expected) || expected < 0) throw new RangeError(`Invalid expected version ${expected}`);
  return expected;
}

function toStoredEvent(row: EventRow): StoredEvent {
  return {
    eventId: row.event_id,
    streamId: row.stream_id,
    streamVersion: row.stream_version,
    type: row.type,
    data: row.data,
    metadata: row.metadata,
    position: { commit: BigInt(row.c), prepare: BigInt(row.p) },
    recordedAt: row.recorded_at,
  };
}

/**
 * EventStore on PostgreSQL (schema: migrations/1767225600000-event-store.ts, design: docs/adr/0001-event-store.md).
 *
 * - append: one round trip, the server-side function es_append (optimistic concurrency on `streams`,
 *   idempotency by event id). Partial overlaps (some ids of the batch stored, or stored in another
 *   stream) are rejected with WrongExpectedVersionError: a retry always resends the same whole batch.
 * - readAll: only transactions below the snapshot's xmin, ordered by (transaction_id, global_position),
 *   so a long-running writer can never make a reader skip its events.
 * - onAppended: local listeners right after an append, other processes through LISTEN/NOTIFY.
 */
export class PostgresEventStore implements EventStore {
  private readonly pool: Pool;
  private readonly ownsPool: boolean;
  private readonly listeners = new Set<() => void>();
  private readonly notifyIntervalMs: number;
  private notifyTimer: NodeJS.Timeout | undefined;
  private listenClient: Client | undefined;
  private listenRetry: NodeJS.Timeout | undefined;
  private listenAttempts = 0;
  private closed = false;

  constructor(private readonly options: PostgresEventStoreOptions) {
    if (options.pool) {
      this.pool = options.pool;
      this.ownsPool = false;
    } else if (options.url) {
      this.pool = new Pool({ connectionString: options.url, max: options.poolSize ?? 10 });
      this.pool.on('error', (error) => this.warn(`idle connection error: ${error.message}`));
      this.ownsPool = true;
    } else {
      throw new Error('PostgresEventStore needs a pool or a url');
    }
    this.notifyIntervalMs = options.notifyIntervalMs ?? 5;
  }

  async appendToStream(streamId: string, events: NewEvent[], expectedVersion: ExpectedVersion): Promise<AppendResult> {
    const result = await this.appendWith(this.pool, streamId, events, expectedVersion);
    this.announce();
    return result;
  }

  /**
   * Appends inside a transaction the caller controls on `client` (BEGIN already sent): the same
   * statement appendToStream uses. The caller commits; listeners are woken on the next append or poll.
   */
  appendInTransaction(
    client: Queryable,
    streamId: string,
    events: NewEvent[],
    expectedVersion: ExpectedVersion,
  ): Promise<AppendResult> {
    return this.appendWith(client, streamId, events, expectedVersion, false);
  }

  private async appendWith(
    db: Queryable,
    streamId: string,
    events: NewEvent[],
    expectedVersion: ExpectedVersion,
    retryOnRace = true,
  ): Promise<AppendResult> {
    if (events.length === 0) throw new RangeError('appendToStream needs at least one event');
    const expected = encodeExpected(expectedVersion);
    const payload = JSON.stringify(
      events.map((e) => ({ eventId: e.eventId, type: e.type, data: e.data, metadata: e.metadata })),
    );
    let row: AppendRow;
    try {
      const result = await db.query<AppendRow>({
        name: 'es_append',
        text: APPEND_SQL,
        values: [streamId, expected, payload],
      });
      row = result.rows[0];
    } catch (error) {
      // A concurrent append of the same event ids (a retry racing the original) hits UNIQUE(event_id):
      // running again resolves it to 'duplicate' or 'overlap'.
      if (retryOnRace && (error as { code?: string }).code === '23505') {
        return this.appendWith(db, streamId, events, expectedVersion, false);
      }
      throw error;
    }
    switch (row.outcome) {
      case 'appended':
      case 'duplicate':
        return {
          nextExpectedVersion: row.stream_version ?? 0,
          position: { commit: BigInt(row.commit_position ?? 0), prepare: BigInt(row.prepare_position ?? 0) },
        };
      case 'conflict':
      case 'overlap':
        throw new WrongExpectedVersionError(streamId, expectedVersion, row.stream_version);
    }
  }

  async readStream(streamId: string, fromVersion = 1): Promise<StoredEvent[]> {
    const result = await this.pool.query<EventRow>({
      name: 'es_read_stream',
      text: READ_STREAM_SQL,
      values: [streamId, fromVersion],
    });
    return result.rows.map(toStoredEvent);
  }

  async readAll(options: ReadAllOptions): Promise<StoredEvent[]> {
    const result = await this.pool.query<EventRow>({
      name: 'es_read_all',
      text: READ_ALL_SQL,
      values: [options.after.commit.toString(), options.after.prepare.toString(), options.maxCount],
    });
    return result.rows.map(toStoredEvent);
  }

  async headPosition(): Promise<Position> {
    const result = await this.pool.query<{ c: string; p: string }>(HEAD_SQL);
    const row = result.rows[0];
    return row ? { commit: BigInt(row.c), prepare: BigInt(row.p) } : START;
  }

  onAppended(listener: () => void): () => void {
    this.listeners.add(listener);
    this.ensureListening();
    return () => {
      this.listeners.delete(listener);
    };
  }

  async health(): Promise<{ ok: boolean; detail: string }> {
    try {
      const result = await this.pool.query<QueryResultRow>(`SELECT count(*)::int AS streams FROM streams`);
      return { ok: true, detail: `postgres: ${result.rows[0].streams} streams` };
    } catch (error) {
      return { ok: false, detail: `postgres: ${error instanceof Error ? error.message : String(error)}` };
    }
  }

  async close(): Promise<void> {
    this.closed = true;
    clearTimeout(this.notifyTimer);
    clearTimeout(this.listenRetry);
    this.listeners.clear();
    const client = this.listenClient;
    this.listenClient = undefined;
    if (client) await client.end().catch(() => undefined);
    if (this.ownsPool) await this.pool.end();
  }

  /** Wakes local listeners now and other processes with a coalesced NOTIFY. */
  private announce(): void {
    this.emit();
    if (this.notifyTimer || this.closed) return;
    this.notifyTimer = setTimeout(() => {
      this.notifyTimer = undefined;
      if (this.closed) return;
      this.pool.query(`SELECT pg_notify('${APPENDED_CHANNEL}', '')`).catch((error: Error) => {
        this.warn(`NOTIFY failed: ${error.message}`);
      });
    }, this.notifyIntervalMs);
  }

  private emit(): void {
    for (const listener of this.listeners) {
      try {
        listener();
      } catch (error) {
        this.warn(`onAppended listener failed: ${error instanceof Error ? error.message : String(error)}`);
      }
    }
  }

  /** One dedicated LISTEN connection, reconnected with backoff when it fails. */
  private ensureListening(): void {
    if (this.listenClient || this.listenRetry || this.closed) return;
    const config = this.options.url ? { connectionString: this.options.url } : this.pool.options;
    const client = new Client(config);
    this.listenClient = client;
    const fail = (error: Error) => {
      if (this.listenClient !== client) return;
      this.listenClient = undefined;
      client.end().catch(() => undefined);
      if (this.closed) return;
      this.warn(`LISTEN connection lost: ${error.message}`);
      const delay = Math.min(100 * 2 ** this.listenAttempts++, 5000);
      this.listenRetry = setTimeout(() => {
        this.listenRetry = undefined;
        if (this.listeners.size > 0) this.ensureListening();
      }, delay);
    };
    client.on('error', fail);
    client.on('end', () => fail(new Error('connection ended')));
    client.on('notification', () => this.emit());
    client
      .connect()
      .then(() => client.query(`LISTEN ${APPENDED_CHANNEL}`))
      .then(() => {
        this.listenAttempts = 0;
        // Appends may have happened while (re)connecting.
        this.emit();
      })
      .catch(fail);
  }

  private warn(message: string): void {
    this.options.logger?.warn(`PostgresEventStore: ${message}`);
  }
}
