/**
 * Appends: the es_append_batch statement and group commit (queued appends written together, retried, settled each).
 */
import type { Pool, PoolClient } from 'pg';
import { WrongExpectedVersionError, type AppendResult, type ExpectedVersion, type NewEvent } from '../event-store.port';
import { cleaningReplacer } from '../event-text';

type Outcome = 'appended' | 'duplicate' | 'conflict' | 'overlap';
/**
 * A row of APPEND_BATCH_SQL: outcome, stream version, commit and prepare position, and whether a transaction older
 * than the append's was still running when it was written (null when it wrote nothing).
 */
type AppendRow = [Outcome, number | null, string | null, string | null, boolean | null];

export type Queryable = Pick<PoolClient, 'query'>;

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
// taken then): readers may not see the append at its commit (see holdUntilReadable in append-notifications.ts).
const APPEND_BATCH_SQL = `SELECT r.*, pg_snapshot_xmin(pg_current_snapshot()) < pg_current_xact_id_if_assigned() AS held
  FROM es_append_batch($1::text[], $2::integer[], $3::jsonb, $4::boolean) r`;

const UNIQUE_VIOLATION = '23505';
const DEADLOCK_DETECTED = '40P01';
/** Further attempts of a batch after unique_violation (an event id already stored) or a deadlock. */
const MAX_RETRIES = 3;

export interface AppendBatchesOptions {
  pool: Pool;
  /** Batches written at once; appends arriving meanwhile wait for the next batch. */
  maxConcurrentBatches: number;
  /** Upper bound of the events written by one batch; a larger single append goes alone. */
  maxEventsPerBatch: number;
  /**
   * Called once a batch is settled, with the types it appended and, when a transaction older than it was still
   * running as it wrote, the transaction id it was stored in (else undefined).
   */
  written(types: ReadonlySet<string>, heldCommit: bigint | undefined): void;
  warn(message: string): void;
}

function encodeExpected(expected: ExpectedVersion): number {
  if (expected === 'any') return -1;
  if (expected === 'no_stream') return 0;
  if (!Number.isInteger(expected) || expected < 0) throw new RangeError(`Invalid expected version ${expected}`);
  return expected;
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
 * Group commit. Appends that arrive while a batch is being written are queued and written together by ONE call of
 * es_append_batch (one round trip, one transaction): each append still gets its own optimistic-concurrency check,
 * idempotency check and result, and a conflict of one does not fail the others.
 */
export class AppendBatches {
  private queue: PendingAppend[] = [];
  private batchesInFlight = 0;
  private pumpScheduled = false;

  constructor(private readonly options: AppendBatchesOptions) {}

  append(streamId: string, events: NewEvent[], expectedVersion: ExpectedVersion): Promise<AppendResult> {
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
    while (this.batchesInFlight < this.options.maxConcurrentBatches && this.queue.length > 0) {
      const batch = this.takeBatch();
      this.batchesInFlight++;
      void this.flush(batch)
        .catch((error: Error) => {
          // flush settles every append itself; this is a defect of its own, logged so the queue goes on.
          this.options.warn(`an append batch failed unexpectedly: ${error.message}`);
          return undefined;
        })
        .then((heldCommit) => {
          this.batchesInFlight--;
          const types = new Set(batch.flatMap((pending) => pending.events.map((event) => event.type)));
          this.options.written(types, heldCommit);
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
      const fits = batch.length === 0 || events + pending.events.length <= this.options.maxEventsPerBatch;
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
        rows = await this.writeBatch(this.options.pool, batch, checkStored);
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
