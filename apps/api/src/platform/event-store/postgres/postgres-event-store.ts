/**
 * The EventStore on PostgreSQL: its options and pool, composing the appends, the reads and the append notifications.
 */
import { Pool, type QueryResultRow } from 'pg';
import type {
  AppendResult,
  EventStore,
  ExpectedVersion,
  NewEvent,
  Position,
  ReadAllOptions,
  StoredEvent,
} from '../event-store.port';
import { AppendBatches, type Queryable } from './append-batches';
import { AppendNotifications } from './append-notifications';
import { PostgresEventReads } from './event-reads';

export { APPENDED_CHANNEL } from './append-notifications';

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
  /**
   * Group commit: appends that arrive while this many batches are being written wait and are written
   * together in the next batch (one round trip, one transaction, one WAL flush). Default 1.
   */
  maxConcurrentAppendBatches?: number;
  /** Upper bound of the events written by one batch (default 2000); a larger single append goes alone. */
  maxEventsPerAppendBatch?: number;
  /** readAll reads the next batch ahead when a batch of at least this size came back full (default 500). */
  readAheadMinBatch?: number;
  logger?: { warn(message: string): void };
}

/**
 * EventStore on PostgreSQL (schema: migrations/1767225600000-event-store.ts, design: docs/adr/0001-event-store.md).
 *
 * - append: group commit. Appends that arrive while a batch is being written are queued and written
 *   together by ONE call of es_append_batch (one round trip, one transaction): each append still gets
 *   its own optimistic-concurrency check, idempotency check and result, and a conflict of one does not
 *   fail the others. Partial overlaps (some ids of the batch stored, or stored in another stream) are
 *   rejected with WrongExpectedVersionError: a retry always resends the same whole batch (append-batches.ts).
 * - readAll: only transactions below the snapshot's xmin, ordered by (transaction_id, global_position),
 *   so a long-running writer can never make a reader skip its events (event-reads.ts).
 * - onAppended: local listeners right after an append, other processes through LISTEN/NOTIFY, both with the types of
 *   the events appended (a NOTIFY names them, comma-separated, unless they are too many: then none, meaning any).
 *   An append that commits while an older transaction is still running (any writer: a projection's transaction, say)
 *   is not readable yet; it is announced, here and by NOTIFY, once the horizon has passed it and not before (see
 *   holdUntilReadable in append-notifications.ts): a subscriber woken earlier would read nothing and wait for its poll.
 */
export class PostgresEventStore implements EventStore {
  private readonly pool: Pool;
  private readonly ownsPool: boolean;
  private readonly appends: AppendBatches;
  private readonly reads: PostgresEventReads;
  private readonly notifications: AppendNotifications;

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
    const warn = (message: string) => this.warn(message);
    this.notifications = new AppendNotifications({
      pool: this.pool,
      listenConfig: options.url ? { connectionString: options.url } : this.pool.options,
      notifyIntervalMs: options.notifyIntervalMs ?? 5,
      warn,
    });
    this.appends = new AppendBatches({
      pool: this.pool,
      maxConcurrentBatches: Math.max(1, options.maxConcurrentAppendBatches ?? 1),
      maxEventsPerBatch: Math.max(1, options.maxEventsPerAppendBatch ?? 2000),
      written: (types, heldCommit) => {
        // Written while an older transaction ran: readers see it once every transaction older than it has ended
        // (the horizon is past its id), and it is announced then; a reader woken now would read nothing.
        if (heldCommit === undefined) this.notifications.announce(types);
        else this.notifications.holdUntilReadable(heldCommit + 1n, types);
      },
      warn,
    });
    this.reads = new PostgresEventReads(this.pool, options.readAheadMinBatch ?? 500);
  }

  appendToStream(streamId: string, events: NewEvent[], expectedVersion: ExpectedVersion): Promise<AppendResult> {
    return this.appends.append(streamId, events, expectedVersion);
  }

  /**
   * Appends inside a transaction the caller controls on `client` (BEGIN already sent): the same
   * statement appendToStream uses, with a batch of one. The caller commits; listeners are woken on
   * the next append or poll.
   */
  appendInTransaction(
    client: Queryable,
    streamId: string,
    events: NewEvent[],
    expectedVersion: ExpectedVersion,
  ): Promise<AppendResult> {
    return this.appends.appendInTransaction(client, streamId, events, expectedVersion);
  }

  readStream(streamId: string, fromVersion = 1): Promise<StoredEvent[]> {
    return this.reads.readStream(streamId, fromVersion);
  }

  readStreams(streamIds: readonly string[]): Promise<Map<string, StoredEvent[]>> {
    return this.reads.readStreams(streamIds);
  }

  readAll(options: ReadAllOptions): Promise<StoredEvent[]> {
    return this.reads.readAll(options);
  }

  headPosition(): Promise<Position> {
    return this.reads.headPosition();
  }

  onAppended(listener: (types?: ReadonlySet<string>) => void): () => void {
    return this.notifications.onAppended(listener);
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
    this.reads.close();
    await this.notifications.close();
    if (this.ownsPool) await this.pool.end();
  }

  private warn(message: string): void {
    this.options.logger?.warn(`PostgresEventStore: ${message}`);
  }
}
