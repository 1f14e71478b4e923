/**
 * Writes new streams into the event store's tables with COPY, for a benchmark that needs a large log fast: the events
 * are what the application's store would have stored (personal fields sealed by the store's own `seal`, the keys'
 * uses recorded in the personal data index first, every string cleaned as an append cleans it), one stream per entry
 * with versions from 1, in the order given. Nothing is announced: the projection runner finds the events on its next
 * poll and every subscriber builds its read models from them as from any append.
 */
import type { INestApplication } from '@nestjs/common';
import type { Client } from 'pg';
import { EVENT_STORE, type EventStore, type NewEvent } from '../../apps/api/src/platform/event-store/event-store.port';
import { cleaningReplacer } from '../../apps/api/src/platform/event-store/event-text';
import { PersonalDataEventStore } from '../../apps/api/src/platform/personal-data/personal-data-event-store';
import { PersonalDataIndex } from '../../apps/api/src/platform/personal-data/personal-data-index';

/** A new stream and its events (the stream must not exist yet). */
export interface NewStream {
  streamId: string;
  events: NewEvent[];
}

/** The subset of pg's Connection that COPY FROM STDIN uses. */
interface CopyConnection {
  query(text: string): void;
  sendCopyFromChunk(chunk: Buffer): void;
  endCopyFrom(): void;
}

const CHUNK_BYTES = 1 << 20;

/** `COPY ... FROM STDIN` of text-format rows on this client (pg's submittable protocol: no extra package). */
export function copyFrom(client: Client, sql: string, rows: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const data = Buffer.from(rows);
    const submittable = {
      submit(connection: CopyConnection) {
        connection.query(sql);
      },
      handleCopyInResponse(connection: CopyConnection) {
        for (let offset = 0; offset < data.length; offset += CHUNK_BYTES)
          connection.sendCopyFromChunk(data.subarray(offset, offset + CHUNK_BYTES));
        connection.endCopyFrom();
      },
      handleCommandComplete() {},
      handleReadyForQuery() {
        resolve();
      },
      handleError(error: Error) {
        reject(error);
      },
    };
    void client.query(submittable as never);
  });
}

/** A value of COPY's text format: backslash, tab, newline and carriage return escaped. */
const field = (value: string) =>
  /[\\\t\n\r]/.test(value)
    ? value.replace(/\\/g, '\\\\').replace(/\t/g, '\\t').replace(/\n/g, '\\n').replace(/\r/g, '\\r')
    : value;

/**
 * Seals the streams' events as the application's store does on append, records which keys they use in the personal
 * data index, then writes the events and the streams in one transaction on `db`.
 */
export async function copyStreams(app: INestApplication, db: Client, streams: readonly NewStream[]): Promise<number> {
  const store = app.get<EventStore>(EVENT_STORE);
  const flat = streams.flatMap((stream) => stream.events);
  const sealed = store instanceof PersonalDataEventStore ? await store.seal(flat) : flat;
  const located = streams.flatMap((stream) => stream.events.map(() => stream.streamId));
  const index = app.get(PersonalDataIndex, { strict: false });
  await index.record(PersonalDataIndex.usesOf(sealed.map((event, i) => ({ ...event, streamId: located[i] }))));

  let events = '';
  let next = 0;
  let heads = '';
  for (const stream of streams) {
    stream.events.forEach((_, version) => {
      const event = sealed[next++];
      events += `${event.eventId}\t${field(stream.streamId)}\t${version + 1}\t${field(event.type)}\t${field(
        JSON.stringify(event.data, cleaningReplacer),
      )}\t${field(JSON.stringify(event.metadata, cleaningReplacer))}\n`;
    });
    heads += `${field(stream.streamId)}\t${stream.events.length}\n`;
  }
  await db.query('BEGIN');
  try {
    await copyFrom(db, 'COPY events (event_id, stream_id, stream_version, type, data, metadata) FROM STDIN', events);
    await copyFrom(db, 'COPY streams (stream_id, version) FROM STDIN', heads);
    await db.query('COMMIT');
  } catch (error) {
    await db.query('ROLLBACK');
    throw error;
  }
  return flat.length;
}
