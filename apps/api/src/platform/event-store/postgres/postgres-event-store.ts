import { Client, Pool, types as pgTypes, type PoolClient, type QueryResultRow } from 'pg';
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
import { cleaningReplacer } from '../event-text';

export const APPENDED_CHANNEL = 'es_appended';
/** The longest NOTIFY payload naming types (PostgreSQL's limit is 8,000 bytes); longer, it names none (any type). */
const MAX_NOTIFY_PAYLOAD = 7_000;

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

type Outcome = 'appended' | 'duplicate' | 'conflict' | 'overlap';
/**
 * A row of APPEND_BATCH_SQL: outcome, stream version, commit and prepare position, and whether a transaction older
 * than the append's was still running when it was written (null when it wrote nothing).
 */
type AppendRow = [Outcome, number | null, string | null, string | null, boolean | null];
/** A row of READ_ALL_SQL / READ_STREAM_SQL in array mode; see EVENT_COLUMNS. */
type EventRow = [string, string, string, string, number, string, string | null, string | null, string];

type Queryable = Pick<PoolClient, 'query'>;

interface AppendRequest {
  streamId: string;
  events: NewEvent[];
  expectedVersion: ExpectedVersion;
  expected: number;
  /** The events as a JSON array, made when the append is queued. */
  json: string;
}

interface PendingAppend extends AppendRequest {
  resolve(result: AppendResult): void;
  reject(error: unknown): void;
}

// `held`: a transaction older than the append's was running after it wrote (the snapshot of the target list is
// taken then): readers may not see the append at its commit (see holdUntilReadable).
const APPEND_BATCH_SQL = `SELECT r.*, pg_snapshot_xmin(pg_current_snapshot()) < pg_current_xact_id_if_assigned() AS held
  FROM es_append_batch($1::text[], $2::integer[], $3::jsonb, $4::boolean) r`;
// data, metadata and recorded_at arrive as text and are parsed when first read (see decoder). The
// aliases matter: ORDER BY global_position must mean the bigint column, not a text output column.
const EVENT_COLUMNS = `transaction_id::text AS c, global_position::text AS p, event_id, stream_id, stream_version,
  type, data, metadata, recorded_at`;
const READ_ALL_SQL = `SELECT ${EVENT_COLUMNS} FROM events
  WHERE transaction_id < pg_snapshot_xmin(pg_current_snapshot())
    AND (transaction_id, global_position) > ($1::text::xid8, $2::bigint)
  ORDER BY transaction_id, global_position
  LIMIT $3`;
const READ_STREAM_SQL = `SELECT ${EVENT_COLUMNS} FROM events
  WHERE stream_id = $1 AND stream_version >= $2 ORDER BY stream_version`;
const READ_STREAMS_SQL = `SELECT ${EVENT_COLUMNS} FROM events
  WHERE stream_id = ANY($1::text[]) ORDER BY stream_id, stream_version`;
/** Streams per query of readStreams (a bound on the statement's parameter and on one answer). */
const READ_STREAMS_CHUNK = 1000;
// The same read, with the payload only for the given types: other events cost an index entry and a few bytes
// instead of their JSON (a subscriber of a few types otherwise reads every email's body).
const READ_ALL_TYPED_SQL = `SELECT transaction_id::text AS c, global_position::text AS p, event_id, stream_id, stream_version,
  type, CASE WHEN type = ANY($4::text[]) THEN data END AS data, CASE WHEN type = ANY($4::text[]) THEN metadata END AS metadata,
  recorded_at FROM events
  WHERE transaction_id < pg_snapshot_xmin(pg_current_snapshot())
    AND (transaction_id, global_position) > ($1::text::xid8, $2::bigint)
  ORDER BY transaction_id, global_position
  LIMIT $3`;
const HEAD_SQL = `SELECT transaction_id::text AS c, global_position::text AS p FROM events
  WHERE transaction_id < pg_snapshot_xmin(pg_current_snapshot())
  ORDER BY transaction_id DESC, global_position DESC LIMIT 1`;

/** The oldest transaction still running: readAll's horizon. */
const HORIZON_SQL = `SELECT pg_snapshot_xmin(pg_current_snapshot())::text AS xmin`;
/** Between two looks at the horizon while appends are held behind it: doubles from the first to the last. */
const HELD_CHECK_FIRST_MS = 5;
const HELD_CHECK_MAX_MS = 200;
/** How long an append is followed at most; past that (a transaction held open for long) it is announced as it is. */
const HELD_FOLLOW_MS = 30_000;

const UNIQUE_VIOLATION = '23505';
const DEADLOCK_DETECTED = '40P01';
/** Further attempts of a batch after unique_violation (an event id already stored) or a deadlock. */
const MAX_RETRIES = 3;
/** Batches kept read ahead at most (one per subscriber catching up). */
const MAX_READ_AHEAD = 4;

const TIMESTAMPTZ_OID = 1184;
const parseTimestamptz = pgTypes.getTypeParser(TIMESTAMPTZ_OID, 'text') as (value: string) => Date;
const rawText = (value: string) => value;
/** Column values of event rows stay text; decodeEvent parses what is read. */
const RAW_TYPES = { getTypeParser: () => rawText };

function encodeExpected(expected: ExpectedVersion): number {
  if (expected === 'any') return -1;
  if (expected === 'no_stream') return 0;
  if (!Number.isInteger(expected) || expected < 0) throw new RangeError(`Invalid expected version ${expected}`);
  return expected;
}

/** Text of the lazily parsed columns of one event, kept until first read (non-enumerable, see decoder). */
interface RawColumns {
  /** null when the read left the payload out (see ReadAllOptions.types). */
  data: string | null | undefined;
  parsedData: unknown;
  metadata: string | null | undefined;
  parsedMetadata: EventMetadata | undefined;
  recordedAt: string | undefined;
  parsedRecordedAt: Date | undefined;
}

const RAW = Symbol('raw columns');
type LazyEvent = StoredEvent & { [RAW]: RawColumns };

/** Own enumerable accessors shared by every decoded event (no closures per event). */
const LAZY_PROPERTIES: PropertyDescriptorMap & ThisType<LazyEvent> = {
  data: {
    enumerable: true,
    configurable: true,
    get(this: LazyEvent): unknown {
      const raw = this[RAW];
      if (raw.data !== undefined) {
        raw.parsedData = raw.data === null ? null : JSON.parse(raw.data);
        raw.data = undefined;
      }
      return raw.parsedData;
    },
    set(this: LazyEvent, value: unknown) {
      this[RAW].data = undefined;
      this[RAW].parsedData = value;
    },
  },
  metadata: {
    enumerable: true,
    configurable: true,
    get(this: LazyEvent): EventMetadata {
      const raw = this[RAW];
      if (raw.metadata !== undefined) {
        raw.parsedMetadata = (raw.metadata === null ? null : JSON.parse(raw.metadata)) as EventMetadata;
        raw.metadata = undefined;
      }
      return raw.parsedMetadata as EventMetadata;
    },
    set(this: LazyEvent, value: EventMetadata) {
      this[RAW].metadata = undefined;
      this[RAW].parsedMetadata = value;
    },
  },
  recordedAt: {
    enumerable: true,
    configurable: true,
    get(this: LazyEvent): Date {
      const raw = this[RAW];
      if (raw.recordedAt !== undefined) {
        raw.parsedRecordedAt = parseTimestamptz(raw.recordedAt);
        raw.recordedAt = undefined;
      }
      return raw.parsedRecordedAt as Date;
    },
    set(this: LazyEvent, value: Date) {
      this[RAW].recordedAt = undefined;
      this[RAW].parsedRecordedAt = value;
    },
  },
};

/**
 * Builds StoredEvents from rows. Decoding is most of a catch-up's cost on the Node side, so `data`,
 * `metadata` and `recordedAt` are parsed on first access: they are own enumerable accessors, so
 * spreading, JSON.stringify and equality checks see plain values, and a subscriber that skips an
 * event's type never pays for them. Consecutive rows of one transaction share the commit bigint.
 */
function decoder(): (row: EventRow) => StoredEvent {
  let lastCommitText = '';
  let lastCommit = 0n;
  return (row) => {
    if (row[0] !== lastCommitText) {
      lastCommitText = row[0];
      lastCommit = BigInt(lastCommitText);
    }
    const event = {
      eventId: row[2],
      streamId: row[3],
      streamVersion: Number(row[4]),
      type: row[5],
      position: { commit: lastCommit, prepare: BigInt(row[1]) },
    };
    const raw: RawColumns = {
      data: row[6],
      parsedData: undefined,
      metadata: row[7],
      parsedMetadata: undefined,
      recordedAt: row[8],
      parsedRecordedAt: undefined,
    };
    Object.defineProperty(event, RAW, { value: raw });
    return Object.defineProperties(event, LAZY_PROPERTIES) as StoredEvent;
  };
}

function readAheadKey(after: Position, maxCount: number, types: readonly string[] | undefined): string {
  return `${after.commit}:${after.prepare}:${maxCount}:${types ? types.join(',') : '*'}`;
}

function toAppendResult(pending: AppendRequest, row: AppendRow): AppendResult {
  const [outcome, version, commit, prepare] = row;
  switch (outcome) {
    case 'appended':
    case 'duplicate':
      return {
        nextExpectedVersion: version ?? 0,
        position: { commit: BigInt(commit ?? 0), prepare: BigInt(prepare ?? 0) },
      };
    case 'conflict':
    case 'overlap':
      throw new WrongExpectedVersionError(pending.streamId, pending.expectedVersion, version);
  }
}

/**
 * EventStore on PostgreSQL (schema: migrations/1767225600000-event-store.ts, design: docs/adr/0001-event-store.md).
 *
 * - append: group commit. Appends that arrive while a batch is being written are queued and written
 *   together by ONE call of es_append_batch (one round trip, one transaction): each append still gets
 *   its own optimistic-concurrency check, idempotency check and result, and a conflict of one does not
 *   fail the others. Partial overlaps (some ids of the batch stored, or stored in another stream) are
 *   rejected with WrongExpectedVersionError: a retry always resends the same whole batch.
 * - readAll: only transactions below the snapshot's xmin, ordered by (transaction_id, global_position),
 *   so a long-running writer can never make a reader skip its events.
 * - onAppended: local listeners right after an append, other processes through LISTEN/NOTIFY, both with the types of
 *   the events appended (a NOTIFY names them, comma-separated, unless they are too many: then none, meaning any).
 *   An append that commits while an older transaction is still running (any writer: a projection's transaction, say)
 *   is not readable yet; it is announced, here and by NOTIFY, once the horizon has passed it and not before (see
 *   holdUntilReadable): a subscriber woken earlier would read nothing and wait for its poll.
 */
export class PostgresEventStore implements EventStore {
  private readonly pool: Pool;
  private readonly ownsPool: boolean;
  private readonly listeners = new Set<(types?: ReadonlySet<string>) => void>();
  /** The types appended since the last NOTIFY, for the next one. */
  private notifyTypes = new Set<string>();
  private readonly notifyIntervalMs: number;
  private readonly maxConcurrentBatches: number;
  private readonly maxEventsPerBatch: number;
  private queue: PendingAppend[] = [];
  private batchesInFlight = 0;
  private pumpScheduled = false;
  private readonly readAheadMinBatch: number;
  /** Batches being read ahead, by `${commit}:${prepare}:${maxCount}` of the position they follow. */
  private readonly readAhead = new Map<string, Promise<StoredEvent[]>>();
  private notifyTimer: NodeJS.Timeout | undefined;
  private listenClient: Client | undefined;
  private listenRetry: NodeJS.Timeout | undefined;
  private listenAttempts = 0;
  private closed = false;
  /** Appends readers cannot see yet: announced once readAll's horizon reaches `bound`. */
  private held: { bound: bigint; types: ReadonlySet<string>; since: number }[] = [];
  private heldTimer: NodeJS.Timeout | undefined;
  private heldDelayMs = HELD_CHECK_FIRST_MS;
  private horizonFailing = false;

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
    this.maxConcurrentBatches = Math.max(1, options.maxConcurrentAppendBatches ?? 1);
    this.maxEventsPerBatch = Math.max(1, options.maxEventsPerAppendBatch ?? 2000);
    this.readAheadMinBatch = options.readAheadMinBatch ?? 500;
  }

  appendToStream(streamId: string, events: NewEvent[], expectedVersion: ExpectedVersion): Promise<AppendResult> {
    return new Promise<AppendResult>((resolve, reject) => {
      this.queue.push({ ...this.prepare(streamId, events, expectedVersion), resolve, reject });
      this.schedulePump();
    });
  }

  /**
   * Pumps once the event loop's current turn is over: appends started together (e.g. a loop of appends under
   * Promise.all) then go in one batch instead of the first one alone and the rest in a second one, also when each
   * passes through some asynchronous steps first (the personal fields' sealing, its keys cached) and reaches the queue
   * a few microtasks after the others.
   */
  private schedulePump(): void {
    if (this.pumpScheduled) return;
    this.pumpScheduled = true;
    setImmediate(() => {
      this.pumpScheduled = false;
      this.pump();
    });
  }

  /**
   * Appends inside a transaction the caller controls on `client` (BEGIN already sent): the same
   * statement appendToStream uses, with a batch of one. The caller commits; listeners are woken on
   * the next append or poll.
   */
  async appendInTransaction(
    client: Queryable,
    streamId: string,
    events: NewEvent[],
    expectedVersion: ExpectedVersion,
  ): Promise<AppendResult> {
    const pending = this.prepare(streamId, events, expectedVersion);
    // Checks stored ids first: a unique violation would abort the caller's transaction.
    const [row] = await this.writeBatch(client, [pending], true);
    return toAppendResult(pending, row);
  }

  private prepare(streamId: string, events: NewEvent[], expectedVersion: ExpectedVersion): AppendRequest {
    if (events.length === 0) throw new RangeError('appendToStream needs at least one event');
    const expected = encodeExpected(expectedVersion);
    // Every string is cleaned on its way into the JSON (NUL, unpaired surrogates, length): see event-text.ts.
    const json = JSON.stringify(
      events.map((e) => ({ eventId: e.eventId, type: e.type, data: e.data, metadata: e.metadata })),
      cleaningReplacer,
    );
    return { streamId, events, expectedVersion, expected, json };
  }

  /** Starts writing queued appends while fewer than maxConcurrentBatches batches are in flight. */
  private pump(): void {
    while (this.batchesInFlight < this.maxConcurrentBatches && this.queue.length > 0) {
      const batch = this.takeBatch();
      this.batchesInFlight++;
      void this.flush(batch)
        .catch((error: Error) => {
          // flush settles every append itself; this is a defect of its own, logged so the queue goes on.
          this.warn(`an append batch failed unexpectedly: ${error.message}`);
          return undefined;
        })
        .then((heldCommit) => {
          this.batchesInFlight--;
          const types = new Set(batch.flatMap((pending) => pending.events.map((event) => event.type)));
          // Written while an older transaction ran: readers see it once every transaction older than it has ended
          // (the horizon is past its id), and it is announced then; a reader woken now would read nothing.
          if (heldCommit === undefined) this.announce(types);
          else this.holdUntilReadable(heldCommit + 1n, types);
          this.pump();
        });
    }
  }

  /**
   * The next batch: queued appends in arrival order up to maxEventsPerBatch events, leaving for a later
   * batch any append that repeats an event id of one already taken (a retry racing its original must
   * see the original's outcome). Sorted by stream id (stable: appends to one stream keep their order),
   * so that every batch locks `streams` rows in the same order.
   */
  private takeBatch(): PendingAppend[] {
    const batch: PendingAppend[] = [];
    const rest: PendingAppend[] = [];
    const ids = new Set<string>();
    let events = 0;
    for (const pending of this.queue) {
      const fits = batch.length === 0 || events + pending.events.length <= this.maxEventsPerBatch;
      if (!fits || pending.events.some((e) => ids.has(e.eventId))) {
        rest.push(pending);
        continue;
      }
      for (const e of pending.events) ids.add(e.eventId);
      events += pending.events.length;
      batch.push(pending);
    }
    this.queue = rest;
    return batch.sort((a, b) => (a.streamId < b.streamId ? -1 : a.streamId > b.streamId ? 1 : 0));
  }

  /**
   * Writes a batch and settles its appends. Answers the transaction id (commit position) it was stored in when a
   * transaction older than it was still running as it wrote (readers may not see it at once), else undefined.
   */
  private async flush(batch: PendingAppend[]): Promise<bigint | undefined> {
    let rows: AppendRow[];
    let checkStored = false;
    for (let attempt = 0; ; attempt++) {
      try {
        rows = await this.writeBatch(this.pool, batch, checkStored);
        break;
      } catch (error) {
        const code = (error as { code?: string }).code;
        if (isConnectionLost(error) && attempt < MAX_RETRIES) {
          // A pooled connection died (server restart, terminated backend): try again on a fresh one.
          // The batch may have committed before the connection went: appends are idempotent by event
          // id, so the retry checks what is stored and resolves those appends as duplicates.
          checkStored = true;
          continue;
        }
        if ((code === UNIQUE_VIOLATION || code === DEADLOCK_DETECTED) && attempt < MAX_RETRIES) {
          // Some event id is already stored (a retried command) or being stored by a racing call:
          // resolve each append as duplicate / overlap / appended.
          if (code === UNIQUE_VIOLATION) checkStored = true;
          continue;
        }
        if (batch.length > 1) {
          // Isolate the append that fails (e.g. invalid input): the others are written on their own.
          // Safe even if the batch committed before the error: appends are idempotent by event id.
          let last: bigint | undefined;
          for (const pending of batch) last = later(last, await this.flush([pending]));
          return last;
        }
        batch[0].reject(error);
        return undefined;
      }
    }
    let last: bigint | undefined;
    batch.forEach((pending, index) => {
      try {
        pending.resolve(toAppendResult(pending, rows[index]));
      } catch (error) {
        pending.reject(error);
      }
      const [, , commit, , held] = rows[index] ?? [];
      if (held && commit) last = later(last, BigInt(commit));
    });
    return last;
  }

  private async writeBatch(db: Queryable, batch: AppendRequest[], checkStored: boolean): Promise<AppendRow[]> {
    const result = await db.query<AppendRow>({
      name: 'es_append_batch',
      text: APPEND_BATCH_SQL,
      values: [
        batch.map((p) => p.streamId),
        batch.map((p) => p.expected),
        batch.length === 1 ? `[${batch[0].json}]` : `[${batch.map((p) => p.json).join(',')}]`,
        checkStored,
      ],
      rowMode: 'array',
    });
    if (result.rows.length !== batch.length) {
      throw new Error(`es_append_batch returned ${result.rows.length} rows for ${batch.length} appends`);
    }
    return result.rows;
  }

  async readStream(streamId: string, fromVersion = 1): Promise<StoredEvent[]> {
    const result = await this.pool.query<EventRow>({
      name: 'es_read_stream',
      text: READ_STREAM_SQL,
      values: [streamId, fromVersion],
      rowMode: 'array',
      types: RAW_TYPES,
    });
    return result.rows.map(decoder());
  }

  async readStreams(streamIds: readonly string[]): Promise<Map<string, StoredEvent[]>> {
    const ids = [...new Set(streamIds)];
    const streams = new Map<string, StoredEvent[]>(ids.map((id) => [id, []]));
    const chunks: string[][] = [];
    for (let i = 0; i < ids.length; i += READ_STREAMS_CHUNK) chunks.push(ids.slice(i, i + READ_STREAMS_CHUNK));
    const results = await Promise.all(
      chunks.map((chunk) =>
        this.pool.query<EventRow>({
          name: 'es_read_streams',
          text: READ_STREAMS_SQL,
          values: [chunk],
          rowMode: 'array',
          types: RAW_TYPES,
        }),
      ),
    );
    const decode = decoder();
    for (const result of results) {
      for (const row of result.rows) {
        const event = decode(row);
        streams.get(event.streamId)!.push(event);
      }
    }
    return streams;
  }

  /**
   * Read-ahead: a catch-up reads batch after batch, so when a batch comes back full, the next one
   * (after its last event, same size) is fetched at once on another connection while the caller
   * handles this one. A full batch read ahead is exactly what a fresh read returns: an event visible
   * to readAll can never be overtaken, so anything that becomes visible later sorts after it. A
   * shorter one might miss newer events and is read again.
   */
  async readAll(options: ReadAllOptions): Promise<StoredEvent[]> {
    const { after, maxCount, types } = options;
    const key = readAheadKey(after, maxCount, types);
    const ahead = this.readAhead.get(key);
    let events: StoredEvent[] | undefined;
    if (ahead) {
      this.readAhead.delete(key);
      const early = await ahead.catch(() => undefined);
      if (early?.length === maxCount) events = early;
    }
    events ??= await this.fetchAll(after, maxCount, types);
    if (events.length === maxCount && maxCount >= this.readAheadMinBatch && !this.closed) {
      const last = events[events.length - 1].position;
      const next = this.fetchAll(last, maxCount, types);
      next.catch(() => undefined);
      this.readAhead.set(readAheadKey(last, maxCount, types), next);
      // A few subscribers may catch up at once; forget the oldest batches beyond that.
      for (const oldest of this.readAhead.keys()) {
        if (this.readAhead.size <= MAX_READ_AHEAD) break;
        this.readAhead.delete(oldest);
      }
    }
    return events;
  }

  private async fetchAll(after: Position, maxCount: number, types?: readonly string[]): Promise<StoredEvent[]> {
    const values: unknown[] = [after.commit.toString(), after.prepare.toString(), maxCount];
    if (types) values.push(types);
    const result = await this.pool.query<EventRow>({
      name: types ? 'es_read_all_typed' : 'es_read_all',
      text: types ? READ_ALL_TYPED_SQL : READ_ALL_SQL,
      values,
      rowMode: 'array',
      types: RAW_TYPES,
    });
    return result.rows.map(decoder());
  }

  async headPosition(): Promise<Position> {
    const result = await this.pool.query<{ c: string; p: string }>(HEAD_SQL);
    const row = result.rows[0];
    return row ? { commit: BigInt(row.c), prepare: BigInt(row.p) } : START;
  }

  onAppended(listener: (types?: ReadonlySet<string>) => void): () => void {
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
    this.readAhead.clear();
    clearTimeout(this.notifyTimer);
    clearTimeout(this.listenRetry);
    clearTimeout(this.heldTimer);
    this.held = [];
    this.listeners.clear();
    const client = this.listenClient;
    this.listenClient = undefined;
    if (client) await client.end().catch(() => undefined);
    if (this.ownsPool) await this.pool.end();
  }

  /** Wakes local listeners now and other processes with a coalesced NOTIFY, both told the types appended. */
  private announce(types: ReadonlySet<string>): void {
    this.emit(types);
    for (const type of types) this.notifyTypes.add(type);
    if (this.notifyTimer || this.closed) return;
    this.notifyTimer = setTimeout(() => {
      this.notifyTimer = undefined;
      if (this.closed) return;
      const payload = [...this.notifyTypes].join(',');
      this.notifyTypes = new Set();
      this.pool
        .query(`SELECT pg_notify('${APPENDED_CHANNEL}', $1)`, [payload.length <= MAX_NOTIFY_PAYLOAD ? payload : ''])
        .catch((error: Error) => {
          this.warn(`NOTIFY failed: ${error.message}`);
        });
    }, this.notifyIntervalMs);
  }

  /**
   * Announces `types` (to the listeners here and by NOTIFY to the other processes) once readAll's horizon (the oldest
   * running transaction) has reached `bound`, i.e. once every transaction below it has ended. An append written while
   * an older transaction ran (a projection's, any writer's; AppendRow's `held`) is not readable at its commit: a
   * subscriber woken then would read nothing and sleep until its next wake or poll. One look at the horizon serves
   * every append held meanwhile; the looks back off from HELD_CHECK_FIRST_MS to HELD_CHECK_MAX_MS while nothing comes
   * free. An append is followed for HELD_FOLLOW_MS at most, and announced as it is then or when a look fails.
   */
  private holdUntilReadable(bound: bigint, types: ReadonlySet<string>): void {
    if (this.closed) return;
    if (this.held.length === 0) this.heldDelayMs = HELD_CHECK_FIRST_MS;
    this.held.push({ bound, types, since: Date.now() });
    this.lookAtHorizon();
  }

  private lookAtHorizon(): void {
    if (this.heldTimer || this.closed || this.held.length === 0) return;
    this.heldTimer = setTimeout(() => {
      this.pool
        .query<{ xmin: string }>(HORIZON_SQL)
        .then(({ rows: [row] }) => {
          this.horizonFailing = false;
          const horizon = BigInt(row.xmin);
          const free = this.held.filter((entry) => entry.bound <= horizon);
          if (free.length === 0) {
            this.heldDelayMs = Math.min(this.heldDelayMs * 2, HELD_CHECK_MAX_MS);
            return;
          }
          this.held = this.held.filter((entry) => entry.bound > horizon);
          this.heldDelayMs = HELD_CHECK_FIRST_MS;
          // Here and, by a NOTIFY sent now, in the other processes.
          this.announceHeld(free);
        })
        .catch((error: Error) => {
          // The appends held are announced now (their readers may find them, or will on their poll); nothing is
          // lost. Logged once while it keeps failing.
          if (!this.horizonFailing) this.warn(`looking at the read horizon failed: ${error.message}`);
          this.horizonFailing = true;
          this.announceHeld(this.held.splice(0));
        })
        .finally(() => {
          this.heldTimer = undefined;
          const oldest = Date.now() - HELD_FOLLOW_MS;
          // Followed long enough (an older transaction left open): announced as they are, readers' polls go on.
          this.announceHeld(this.held.filter((entry) => entry.since <= oldest));
          this.held = this.held.filter((entry) => entry.since > oldest);
          this.lookAtHorizon();
        });
    }, this.heldDelayMs);
  }

  private announceHeld(entries: readonly { types: ReadonlySet<string> }[]): void {
    if (entries.length === 0) return;
    const types = new Set<string>();
    for (const entry of entries) for (const type of entry.types) types.add(type);
    this.announce(types);
  }

  private emit(types?: ReadonlySet<string>): void {
    for (const listener of this.listeners) {
      try {
        listener(types);
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
    // Another process's NOTIFY names the types it appended; an empty one (or an older process's) means any.
    client.on('notification', (message) =>
      this.emit(message.payload ? new Set(message.payload.split(',')) : undefined),
    );
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

/** Errors that mean the connection is gone rather than that the statement was wrong. */
const CONNECTION_LOST_CODES = new Set(['57P01', '57P02', '57P03', '08000', '08003', '08006', 'ECONNRESET', 'EPIPE']);

function isConnectionLost(error: unknown): boolean {
  const { code, message } = error as { code?: string; message?: string };
  if (code && CONNECTION_LOST_CODES.has(code)) return true;
  return typeof message === 'string' && /Connection terminated|connection is closed|ECONNRESET/i.test(message);
}

/** The later of two transaction ids, either of which may be missing. */
function later(a: bigint | undefined, b: bigint | undefined): bigint | undefined {
  if (a === undefined) return b;
  return b === undefined || a > b ? a : b;
}
