import type { EventBus } from '@nestjs/cqrs';
import type { StoredEvent } from '../event-store/event-store.port';
import { DOMAIN_EVENT_CLASSES, toDomainEvent, type DomainEventEnvelope } from './domain-events';
import type { Reaction } from './projection';

export const CQRS_EVENT_BUS_REACTION = 'cqrs-event-bus';

/**
 * Publishes every stored domain event to @nestjs/cqrs's EventBus once its checkpoint has committed, so
 * @EventsHandler classes and sagas are driven by the durable subscription rather than by memory.
 * Starts at the head of the log the first time (no replay of history to handlers).
 */
export class CqrsEventBusReaction implements Reaction {
  readonly name = CQRS_EVENT_BUS_REACTION;
  readonly eventTypes = Object.keys(DOMAIN_EVENT_CLASSES);
  readonly startAt = 'head' as const;

  constructor(private readonly eventBus: EventBus) {}

  async afterCommit(events: StoredEvent[]): Promise<void> {
    const envelopes = events.map(toDomainEvent).filter((e): e is DomainEventEnvelope => e !== undefined);
    if (envelopes.length > 0) this.eventBus.publishAll(envelopes);
  }
}
