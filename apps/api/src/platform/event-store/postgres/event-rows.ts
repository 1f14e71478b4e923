/**
 * Rows of `events` as StoredEvents: the columns every read selects and their decoding (payload parsed when first read).
 */
import { types as pgTypes } from 'pg';
import type { EventMetadata } from '@teaminbox/contracts';
import type { StoredEvent } from '../event-store.port';

/** A row of READ_ALL_SQL / READ_STREAM_SQL in array mode; see EVENT_COLUMNS. */
export type EventRow = [string, string, string, string, number, string, string | null, string | null, string];

// data, metadata and recorded_at arrive as text and are parsed when first read (see decoder). The
// aliases matter: ORDER BY global_position must mean the bigint column, not a text output column.
export const EVENT_COLUMNS = `transaction_id::text AS c, global_position::text AS p, event_id, stream_id, stream_version,
  type, data, metadata, recorded_at`;

const TIMESTAMPTZ_OID = 1184;
const parseTimestamptz = pgTypes.getTypeParser(TIMESTAMPTZ_OID, 'text') as (value: string) => Date;
const rawText = (value: string) => value;
/** Column values of event rows stay text; decodeEvent parses what is read. */
export const RAW_TYPES = { getTypeParser: () => rawText };

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
export function decoder(): (row: EventRow) => StoredEvent {
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
