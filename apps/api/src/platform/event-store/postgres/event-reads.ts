/**
 * The store's reads: one stream, many streams, the global log (below the read horizon, with read-ahead) and its head.
 */
import type { Pool } from 'pg';
import { START, type Position, type ReadAllOptions, type StoredEvent } from '../event-store.port';
import { EVENT_COLUMNS, RAW_TYPES, decoder, type EventRow } from './event-rows';

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

/** Batches kept read ahead at most (one per subscriber catching up). */
const MAX_READ_AHEAD = 4;

function readAheadKey(after: Position, maxCount: number, types: readonly string[] | undefined): string {
  return `${after.commit}:${after.prepare}:${maxCount}:${types ? types.join(',') : '*'}`;
}

export class PostgresEventReads {
  /** Batches being read ahead, by `${commit}:${prepare}:${maxCount}` of the position they follow. */
  private readonly readAhead = new Map<string, Promise<StoredEvent[]>>();
  private closed = false;

  constructor(
    private readonly pool: Pool,
    /** readAll reads the next batch ahead when a batch of at least this size came back full. */
    private readonly readAheadMinBatch: number,
  ) {}

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

  /** No more read-ahead; the batches read ahead are forgotten. */
  close(): void {
    this.closed = true;
    this.readAhead.clear();
  }
}
