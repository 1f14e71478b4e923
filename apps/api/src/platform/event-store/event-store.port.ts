import type { EventMetadata } from '@teaminbox/contracts';

/**
 * A position in the global log. Both adapters order events by the pair (commit, prepare):
 * PostgreSQL uses (transaction_id, global_position), EventStoreDB (commitPosition, preparePosition).
 * Values are unsigned 64-bit integers carried as bigint.
 */
export interface Position {
  commit: bigint;
  prepare: bigint;
}

export const START: Position = { commit: 0n, prepare: 0n };

export function comparePositions(a: Position, b: Position): number {
  if (a.commit !== b.commit) return a.commit < b.commit ? -1 : 1;
  if (a.prepare !== b.prepare) return a.prepare < b.prepare ? -1 : 1;
  return 0;
}

export interface NewEvent<T = unknown> {
  eventId: string;
  type: string;
  data: T;
  metadata: EventMetadata;
}

export interface StoredEvent<T = unknown> extends NewEvent<T> {
  streamId: string;
  /** 1-based version of the event within its stream. */
  streamVersion: number;
  position: Position;
  recordedAt: Date;
}

/** NO_STREAM: the stream must not exist; ANY: no check; a number: the stream's current version must equal it. */
export type ExpectedVersion = number | 'no_stream' | 'any';
export const NO_STREAM = 'no_stream' as const;
export const ANY = 'any' as const;

export interface AppendResult {
  /** The stream's version after the append (its last event's streamVersion). */
  nextExpectedVersion: number;
  /** The position of the last appended event; wait for projections to reach it for read-your-writes. */
  position: Position;
}

export class WrongExpectedVersionError extends Error {
  constructor(
    readonly streamId: string,
    readonly expected: ExpectedVersion,
    readonly actual: number | null,
  ) {
    super(`Wrong expected version for stream ${streamId}: expected ${String(expected)}, actual ${actual ?? 'none'}`);
    this.name = 'WrongExpectedVersionError';
  }
}

export interface ReadAllOptions {
  /** Exclusive lower bound. */
  after: Position;
  maxCount: number;
  /**
   * When given, only events of these types carry their payload: events of other types still come back (their
   * positions move a checkpoint) but `data` and `metadata` may be null. An adapter may ignore it.
   */
  types?: readonly string[];
}

export interface EventStore {
  /**
   * Appends events atomically. Events whose eventId is already stored are skipped (idempotent);
   * when every event was already stored the call succeeds and returns the stream's current state.
   */
  appendToStream(streamId: string, events: NewEvent[], expectedVersion: ExpectedVersion): Promise<AppendResult>;
  /** All events of a stream in version order, from fromVersion (1-based, inclusive). */
  readStream(streamId: string, fromVersion?: number): Promise<StoredEvent[]>;
  /**
   * All events of each of several streams, in version order, by stream id (a stream without events reads as []):
   * for code that decides on many streams at once, one read where the adapter can.
   */
  readStreams(streamIds: readonly string[]): Promise<Map<string, StoredEvent[]>>;
  /**
   * Events after a position in global order, only those that can no longer be overtaken by a
   * concurrent writer (no event will later appear before the last one returned).
   */
  readAll(options: ReadAllOptions): Promise<StoredEvent[]>;
  /**
   * Calls listener when new events may be readable, with the types of the events appended when the adapter knows them
   * (none: any type may have been appended); returns an unsubscribe function.
   */
  onAppended(listener: (types?: ReadonlySet<string>) => void): () => void;
  /** Position of the last event readable through readAll now (START when empty). */
  headPosition(): Promise<Position>;
  health(): Promise<{ ok: boolean; detail: string }>;
  close(): Promise<void>;
}

export const EVENT_STORE = Symbol('EVENT_STORE');
