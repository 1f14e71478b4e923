import { Inject, Injectable } from '@nestjs/common';
import {
  type AppendResult,
  EVENT_STORE,
  type EventStore,
  NO_STREAM,
  WrongExpectedVersionError,
} from '../event-store/event-store.port';
import type { Decider } from './decider';
import { DomainError } from './domain-error';
import { type CommandContext, type DecidedEvent, toDomainEvents, toNewEvents } from './domain-event';

export interface DecideOptions {
  /** The message of the conflict raised when another writer appended to the stream first. */
  conflictMessage?: string;
}

/**
 * Runs one command against one stream: read, fold with evolve, decide, append with the expected
 * version read. A concurrent append answers a conflict DomainError.
 */
@Injectable()
export class EventSourcedRepository {
  constructor(@Inject(EVENT_STORE) private readonly store: EventStore) {}

  async decide<C, E extends DecidedEvent, S>(
    streamId: string,
    decider: Decider<C, E, S>,
    command: C,
    context: CommandContext,
    options: DecideOptions = {},
  ): Promise<AppendResult | null> {
    const stored = await this.store.readStream(streamId);
    const history = toDomainEvents(stored, decider.eventTypes) as E[];
    const state = history.reduce(decider.evolve, decider.initialState());
    const events = decider.decide(command, state);
    if (events.length === 0) return null;
    const expected = stored.length === 0 ? NO_STREAM : stored[stored.length - 1].streamVersion;
    try {
      return await this.store.appendToStream(streamId, toNewEvents(events, context), expected);
    } catch (error) {
      if (error instanceof WrongExpectedVersionError) {
        throw new DomainError(
          'conflict',
          options.conflictMessage ?? 'The resource was changed concurrently; try again.',
        );
      }
      throw error;
    }
  }
}
