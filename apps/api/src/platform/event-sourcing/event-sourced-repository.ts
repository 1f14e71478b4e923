import { Inject, Injectable } from '@nestjs/common';
import {
  type AppendResult,
  EVENT_STORE,
  type EventStore,
  NO_STREAM,
  type Position,
  type StoredEvent,
  WrongExpectedVersionError,
} from '../event-store/event-store.port';
import { RequestContext } from '../request-context/request-context';
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
    stored: StoredEvent[],
  ): S {
    return foldEvents(decider, toDomainEvents(stored, decider.eventTypes) as unknown as E[]);
  }
}
