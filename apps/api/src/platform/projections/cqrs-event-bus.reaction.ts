import type { EventBus } from '@nestjs/cqrs';
import type { StoredEvent } from '../event-store/event-store.port';
import { RequestContext } from '../request-context/request-context';
import { busEventTypes, toDomainEvent, type DomainEventEnvelope } from './domain-events';
import type { EventHandlerSettlement } from './event-handler-settlement';
import type { Reaction } from './projection';

export const CQRS_EVENT_BUS_REACTION = 'cqrs-event-bus';

/**
 * Publishes every stored event a handler or saga subscribed to (see busEvent) to @nestjs/cqrs's EventBus once its checkpoint has committed, so
 * @EventsHandler classes and sagas are driven by the durable subscription rather than by memory. Each event is
 * published in its own request context (caused by the event, in its correlation), and the batch counts as done
 * only when every handler has settled: a crash before that publishes the events again (at least once, so handlers
 * are idempotent by event id). Starts at the head of the log the first time (no replay of history to handlers).
 */
export class CqrsEventBusReaction implements Reaction {
  readonly name = CQRS_EVENT_BUS_REACTION;
  /** The types some handler or saga subscribed to (read once every module has been loaded). */
  readonly eventTypes = busEventTypes();
  readonly startAt = 'head' as const;

  constructor(
    private readonly eventBus: EventBus,
    private readonly handlers: EventHandlerSettlement,
  ) {}

  async afterCommit(events: StoredEvent[]): Promise<void> {
    const published: DomainEventEnvelope[] = [];
    for (const event of events) {
      const envelope = toDomainEvent(event);
      if (!envelope) continue;
      RequestContext.run(RequestContext.ofEvent(event), () => this.eventBus.publish(envelope));
      published.push(envelope);
    }
    await this.handlers.settled(published);
  }
}
