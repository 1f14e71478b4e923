import type {
  AllStreamResolvedEvent,
  AppendStreamState,
  KurrentDBClient,
  JSONEventData,
  Position as EsdbPosition,
  ReadPosition,
} from '@kurrent/kurrentdb-client';
import type { EventMetadata } from '@teaminbox/contracts';
import {
  START,
  WrongExpectedVersionError,
  comparePositions,
  type AppendResult,
  type EventStore,
  type ExpectedVersion,
  type NewEvent,
  type Position,
  type ReadAllOptions,
  type StoredEvent,
} from '../event-store.port';
import { cleanPayload } from '../event-text';

type KurrentModule = typeof import('@kurrent/kurrentdb-client');

/** Loaded on first use only: the client brings a native bridge that the PostgreSQL setup does not need. */
function kurrent(): KurrentModule {
  return require('@kurrent/kurrentdb-client') as KurrentModule;
}

export interface EsdbEventStoreOptions {
  /** kurrentdb://, kurrent://, kdb:// or esdb:// (the client accepts all; esdb:// prints a deprecation warning). */
  connectionString: string;
  logger?: { warn(message: string): void };
}

/**
 * EventStore on EventStoreDB / KurrentDB through the official client.
 *
 * - Versions: ours are 1-based (the first event is version 1), the server's revisions 0-based,
 *   so expected version n maps to revision n - 1 and NO_STREAM (or 0) to the client's NO_STREAM.
 * - readAll reads $all without system events ($-prefixed types) and maps Position to
 *   { commit: commitPosition, prepare: preparePosition }. $all is only ever appended at its end,
 *   so no event can appear before one already read.
 * - Idempotency: the server ignores a batch whose event ids were already written at that expected
 *   version. A partial overlap is reported by the server as a conflict.
 * - onAppended: one catch-up subscription to $all from its end, filtered to non-system events,
 *   resubscribed with backoff after an error.
 */
export class EsdbEventStore implements EventStore {
  private readonly client: KurrentDBClient;
  private readonly listeners = new Set<(types?: ReadonlySet<string>) => void>();
  private subscription: ReturnType<KurrentDBClient['subscribeToAll']> | undefined;
  private resubscribe: NodeJS.Timeout | undefined;
  private attempts = 0;
  private closed = false;

  constructor(private readonly options: EsdbEventStoreOptions) {
    this.client = kurrent().KurrentDBClient.connectionString(options.connectionString);
  }

  async appendToStream(streamId: string, events: NewEvent[], expectedVersion: ExpectedVersion): Promise<AppendResult> {
    if (events.length === 0) throw new RangeError('appendToStream needs at least one event');
    const { jsonEvent, WrongExpectedVersionError: ClientWrongExpectedVersion } = kurrent();
    const data = events.map((event): JSONEventData =>
      jsonEvent({
        id: event.eventId,
        type: event.type,
        data: cleanPayload(event.data) as Record<string, unknown>,
        metadata: cleanPayload(event.metadata) as unknown as Record<string, unknown>,
      }),
    );
    try {
      const result = await this.client.appendToStream(streamId, data, { streamState: toStreamState(expectedVersion) });
      return {
        nextExpectedVersion: Number(result.nextExpectedRevision) + 1,
        position: result.position
          ? fromEsdbPosition(result.position)
          : await this.positionOfRevision(streamId, result.nextExpectedRevision),
      };
    } catch (error) {
      if (error instanceof ClientWrongExpectedVersion) {
        const actual = error.actualState;
        throw new WrongExpectedVersionError(
          streamId,
          expectedVersion,
          typeof actual === 'bigint' ? Number(actual) + 1 : null,
        );
      }
      throw error;
    }
  }

  async readStream(streamId: string, fromVersion = 1): Promise<StoredEvent[]> {
    const { StreamNotFoundError } = kurrent();
    const events: StoredEvent[] = [];
    try {
      for await (const resolved of this.client.readStream(streamId, {
        fromRevision: BigInt(Math.max(fromVersion, 1) - 1),
      })) {
        const stored = resolved.event ? toStoredEvent(resolved as AllStreamResolvedEvent) : undefined;
        if (stored) events.push(stored);
      }
    } catch (error) {
      if (error instanceof StreamNotFoundError) return [];
      throw error;
    }
    return events;
  }

  async readStreams(streamIds: readonly string[]): Promise<Map<string, StoredEvent[]>> {
    const ids = [...new Set(streamIds)];
    const read = await Promise.all(ids.map((id) => this.readStream(id)));
    return new Map(ids.map((id, index) => [id, read[index]]));
  }

  async readAll(options: ReadAllOptions): Promise<StoredEvent[]> {
    const { excludeSystemEvents, START: FROM_START } = kurrent();
    const fromPosition: ReadPosition =
      comparePositions(options.after, START) === 0 ? FROM_START : toEsdbPosition(options.after);
    const events: StoredEvent[] = [];
    // The read starts at `after` inclusive: ask for one more and drop what is not strictly after it.
    for await (const resolved of this.client.readAll({
      fromPosition,
      maxCount: options.maxCount + 1,
      filter: excludeSystemEvents(),
    })) {
      const stored = toStoredEvent(resolved);
      if (stored && comparePositions(stored.position, options.after) > 0) events.push(stored);
      if (events.length === options.maxCount) break;
    }
    return events;
  }

  onAppended(listener: (types?: ReadonlySet<string>) => void): () => void {
    this.listeners.add(listener);
    this.ensureSubscribed();
    return () => {
      this.listeners.delete(listener);
    };
  }

  async headPosition(): Promise<Position> {
    const { BACKWARDS, END, excludeSystemEvents } = kurrent();
    for await (const resolved of this.client.readAll({
      direction: BACKWARDS,
      fromPosition: END,
      maxCount: 1,
      filter: excludeSystemEvents(),
    })) {
      const stored = toStoredEvent(resolved);
      if (stored) return stored.position;
    }
    return START;
  }

  async health(): Promise<{ ok: boolean; detail: string }> {
    try {
      const head = await this.headPosition();
      return { ok: true, detail: `eventstoredb: $all at ${head.commit}` };
    } catch (error) {
      return { ok: false, detail: `eventstoredb: ${error instanceof Error ? error.message : String(error)}` };
    }
  }

  async close(): Promise<void> {
    this.closed = true;
    clearTimeout(this.resubscribe);
    this.listeners.clear();
    const subscription = this.subscription;
    this.subscription = undefined;
    if (subscription) await subscription.unsubscribe().catch(() => undefined);
    await this.client.dispose();
  }

  private ensureSubscribed(): void {
    if (this.subscription || this.resubscribe || this.closed) return;
    const { END, excludeSystemEvents } = kurrent();
    const subscription = this.client.subscribeToAll({ fromPosition: END, filter: excludeSystemEvents() });
    this.subscription = subscription;
    const emit = () => {
      for (const listener of this.listeners) listener();
    };
    subscription.on('confirmation', () => {
      this.attempts = 0;
      emit();
    });
    subscription.on('data', (resolved: AllStreamResolvedEvent) => {
      if (resolved.event && !resolved.event.type.startsWith('$')) emit();
    });
    subscription.on('error', (error: Error) => {
      if (this.subscription !== subscription) return;
      this.subscription = undefined;
      subscription.unsubscribe().catch(() => undefined);
      if (this.closed) return;
      this.options.logger?.warn(`EsdbEventStore: $all subscription failed: ${error.message}`);
      const delay = Math.min(100 * 2 ** this.attempts++, 5000);
      this.resubscribe = setTimeout(() => {
        this.resubscribe = undefined;
        if (this.listeners.size > 0) this.ensureSubscribed();
      }, delay);
    });
  }

  /** Older servers do not return the append's position: read the event back. */
  private async positionOfRevision(streamId: string, revision: bigint): Promise<Position> {
    for await (const resolved of this.client.readStream(streamId, { fromRevision: revision, maxCount: 1 })) {
      const position = resolved.event?.position ?? undefined;
      if (position) return fromEsdbPosition(position);
    }
    return START;
  }
}

function toStreamState(expected: ExpectedVersion): AppendStreamState {
  const { ANY, NO_STREAM } = kurrent();
  if (expected === 'any') return ANY;
  if (expected === 'no_stream' || expected === 0) return NO_STREAM;
  return BigInt(expected - 1);
}

function fromEsdbPosition(position: EsdbPosition): Position {
  return { commit: position.commit, prepare: position.prepare };
}

function toEsdbPosition(position: Position): EsdbPosition {
  return { commit: position.commit, prepare: position.prepare };
}

function toStoredEvent(resolved: AllStreamResolvedEvent): StoredEvent | undefined {
  const event = resolved.event;
  if (!event || event.type.startsWith('$') || !event.position) return undefined;
  const data = event.isJson ? event.data : JSON.parse(Buffer.from(event.data as Uint8Array).toString('utf8'));
  const metadata =
    event.metadata instanceof Uint8Array
      ? (JSON.parse(Buffer.from(event.metadata).toString('utf8')) as EventMetadata)
      : (event.metadata as unknown as EventMetadata);
  return {
    eventId: event.id,
    streamId: event.streamId,
    streamVersion: Number(event.revision) + 1,
    type: event.type,
    data,
    metadata,
    position: fromEsdbPosition(event.position),
    recordedAt: event.created,
  };
}
