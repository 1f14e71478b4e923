import { Inject, Injectable } from '@nestjs/common';
import {
  type AppendResult,
  EVENT_STORE,
  type EventStore,
  NO_STREAM,
  type NewEvent,
  type Position,
  type StoredEvent,
  WrongExpectedVersionError,
} from '../event-store/event-store.port';
import { RequestContext, type RequestScope } from '../request-context/request-context';
import { type Decider, foldEvents } from './decider';
import { DomainError } from './domain-error';
import { type DecidedEvent, toDomainEvents, toNewEvents } from './domain-event';
import { ReadYourWrites } from './read-your-writes';

export interface DecideOptions {
  /** The team the events concern, when it is not the caller's (a new team, a mailbox's, a system write). */
  teamId?: string | null;
  /** The message of the conflict raised when another writer appended first (after the retries). */
  conflictMessage?: string;
  /** How often to decide again on the new state when another writer appended first (default 0). */
  retries?: number;
  /**
   * The stream should not exist yet (its id is new): decide on the initial state without reading it. A stream
   * that exists after all is read and decided on as usual.
   */
  expectNew?: boolean;
  /** The ids of the decided events, for appends that may be repeated (default: fresh UUID v7 ids). */
  eventIds?: (event: DecidedEvent, index: number) => string;
  /** The projections the caller reads next: the call returns once they have the append (bounded wait). */
  waitFor?: readonly string[];
}

/** A command, or what builds it from the stream's current state (e.g. settings merged with the stored ones). */
export type CommandOf<C, S> = C | ((state: S) => C);

/** Commands on one stream of a `decideEach` call, decided in order, each on the state the previous one left. */
export interface StreamCommands<C> {
  streamId: string;
  /**
   * The stream's events as the caller already holds them, all of them from version 1 (e.g. the event a process
   * manager reacts to, when that event opened the stream): the commands are decided on them without a read. Should
   * the stream hold more by now, its append fails on the expected version and the stream is read and decided again
   * (not counted as a retry). Ignored unless the versions run 1, 2, ... in order.
   */
  knownHistory?: readonly StoredEvent[];
  commands: {
    command: C;
    /** Who and what the command's events are attributed to (their metadata). */
    scope: RequestScope;
    /** The ids of the command's events (default: fresh UUID v7 ids). */
    eventIds?: (event: DecidedEvent, index: number) => string;
  }[];
}

/** What `decideEach` did on one stream: the append (null when nothing was decided), or the refusal. */
export type StreamOutcome =
  { streamId: string; appended: AppendResult | null } | { streamId: string; error: DomainError };

export interface DecideEachOptions {
  /** The team the events concern (default: the scope's team). */
  teamId?: string | null;
  /** How often a stream is decided again on its new state when another writer appended first (default 0). */
  retries?: number;
  /** The message of the conflict answered for a stream after the retries. */
  conflictMessage?: string;
}

/**
 * Runs one command against one stream: read, fold with evolve, decide, append with the expected version read,
 * then wait for the projections the caller reads next (read-your-writes). Every event's metadata comes from the
 * request context (actor, team, correlation and causation). A concurrent append is decided again `retries`
 * times, then answers a conflict DomainError.
 */
@Injectable()
export class EventSourcedRepository {
  constructor(
    @Inject(EVENT_STORE) private readonly store: EventStore,
    private readonly readYourWrites: ReadYourWrites,
  ) {}

  async decide<C, E extends DecidedEvent, S>(
    streamId: string,
    decider: Decider<C, E, S>,
    command: CommandOf<C, S>,
    options: DecideOptions = {},
  ): Promise<AppendResult | null> {
    const appended = await this.append(streamId, decider, command, options);
    if (options.waitFor) await this.readYourWrites.waitFor(appended?.position, [...options.waitFor]);
    return appended;
  }

  private async append<C, E extends DecidedEvent, S>(
    streamId: string,
    decider: Decider<C, E, S>,
    command: CommandOf<C, S>,
    options: DecideOptions,
  ): Promise<AppendResult | null> {
    for (let attempt = 0; ; attempt++) {
      const stored = options.expectNew && attempt === 0 ? [] : await this.store.readStream(streamId);
      const state = this.fold(decider, stored);
      const events = decider.decide(
        typeof command === 'function' ? (command as (state: S) => C)(state) : command,
        state,
      );
      if (events.length === 0) return null;
      const expected = stored.length === 0 ? NO_STREAM : stored[stored.length - 1].streamVersion;
      const metadata = RequestContext.metadata(options.teamId);
      try {
        return await this.store.appendToStream(streamId, toNewEvents(events, metadata, options.eventIds), expected);
      } catch (error) {
        if (!(error instanceof WrongExpectedVersionError)) throw error;
        if (options.expectNew && attempt === 0) continue;
        if (attempt >= (options.retries ?? 0)) {
          throw new DomainError(
            'conflict',
            options.conflictMessage ?? 'The resource was changed concurrently; try again.',
          );
        }
      }
    }
  }

  /**
   * Many streams at once, for a process manager that acts on a batch: every stream is read (but for those whose
   * whole history the caller holds, see `knownHistory`), its commands decided in order on its own state, and all
   * appends are handed to the event store together (so that they share its transactions) — each with its own
   * expected version. A stream another writer appended to meanwhile is decided
   * again on its new state (`retries`), then answers a conflict; a decider's refusal is that stream's outcome and
   * does not stop the others. Any other failure (the database) rejects the call, after every append settled.
   */
  async decideEach<C, E extends DecidedEvent, S>(
    decider: Decider<C, E, S>,
    streams: StreamCommands<C>[],
    options: DecideEachOptions = {},
  ): Promise<StreamOutcome[]> {
    if (new Set(streams.map((stream) => stream.streamId)).size !== streams.length) {
      throw new RangeError('decideEach takes each stream once (put its commands together)');
    }
    const outcomes = new Map<string, StreamOutcome>();
    // Each stream with how often it was refused for its version after a read, and whether it is decided on what the
    // caller holds (until such a decision is refused: then it is read, and that refusal is not counted).
    let pending = streams.map((stream) => ({ stream, conflicts: 0, known: isWholeHistory(stream.knownHistory) }));
    while (pending.length > 0) {
      const toRead = pending.filter((item) => !item.known).map((item) => item.stream.streamId);
      const stored = toRead.length > 0 ? await this.store.readStreams(toRead) : new Map<string, StoredEvent[]>();
      const appends = pending.map(({ stream, known }): Promise<AppendResult | null | typeof UNCONFIRMED> => {
        try {
          const history = (known ? stream.knownHistory : stored.get(stream.streamId)) ?? [];
          const events = this.decideInOrder(decider, stream, history, options.teamId);
          // Nothing to do is only believed of a stream that was read: what the caller held may be behind.
          if (events.length === 0) return Promise.resolve(known ? UNCONFIRMED : null);
          const last = history.at(-1);
          return this.store.appendToStream(stream.streamId, events, last ? last.streamVersion : NO_STREAM);
        } catch (error) {
          return Promise.reject(error as Error);
        }
      });
      const settled = await Promise.allSettled(appends);
      const again: typeof pending = [];
      let failure: unknown;
      settled.forEach((result, index) => {
        const item = pending[index];
        const { streamId } = item.stream;
        if (result.status === 'fulfilled') {
          if (result.value === UNCONFIRMED) again.push({ ...item, known: false });
          else outcomes.set(streamId, { streamId, appended: result.value });
        } else if (result.reason instanceof WrongExpectedVersionError) {
          if (item.known) again.push({ ...item, known: false });
          else if (item.conflicts < (options.retries ?? 0)) again.push({ ...item, conflicts: item.conflicts + 1 });
          else {
            const message = options.conflictMessage ?? 'The resource was changed concurrently; try again.';
            outcomes.set(streamId, { streamId, error: new DomainError('conflict', message) });
          }
        } else if (result.reason instanceof DomainError) {
          outcomes.set(streamId, { streamId, error: result.reason });
        } else {
          failure ??= result.reason;
        }
      });
      if (failure !== undefined) throw failure;
      pending = again;
    }
    return streams.map((stream) => outcomes.get(stream.streamId)!);
  }

  private decideInOrder<C, E extends DecidedEvent, S>(
    decider: Decider<C, E, S>,
    stream: StreamCommands<C>,
    stored: readonly StoredEvent[],
    teamId: string | null | undefined,
  ): NewEvent[] {
    let state = this.fold(decider, stored);
    const events: NewEvent[] = [];
    for (const { command, scope, eventIds } of stream.commands) {
      const decided = decider.decide(command, state);
      if (decided.length === 0) continue;
      const metadata = RequestContext.run(scope, () => RequestContext.metadata(teamId));
      for (const event of decided) state = decider.evolve(state, { ...event, metadata });
      events.push(...toNewEvents(decided, metadata, eventIds));
    }
    return events;
  }

  /** The stream's current state and the position of its last event, for code that reads it without a decision. */
  async load<S>(
    streamId: string,
    decider: Pick<Decider<unknown, DecidedEvent, S>, 'eventTypes' | 'evolve' | 'initialState'>,
  ): Promise<{ state: S; position: Position | null }> {
    const stored = await this.store.readStream(streamId);
    return { state: this.fold(decider, stored), position: stored.at(-1)?.position ?? null };
  }

  private fold<E extends DecidedEvent, S>(
    decider: Pick<Decider<unknown, E, S>, 'eventTypes' | 'evolve' | 'initialState'>,
    stored: readonly StoredEvent[],
  ): S {
    return foldEvents(decider, toDomainEvents(stored, decider.eventTypes) as unknown as E[]);
  }
}

/** What a decision on a stream's known history answers when it decided nothing: to be confirmed by a read. */
const UNCONFIRMED: unique symbol = Symbol('unconfirmed');

/** Whether events are a stream's whole history as of the last of them (versions 1, 2, ... in order). */
function isWholeHistory(events: readonly StoredEvent[] | undefined): boolean {
  return !!events && events.length > 0 && events.every((event, index) => event.streamVersion === index + 1);
}
