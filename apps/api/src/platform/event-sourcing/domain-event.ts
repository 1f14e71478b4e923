import type { DomainEventMap, DomainEventType, EventMetadata } from '@teaminbox/contracts';
import { v7 as uuidv7 } from 'uuid';
import type { NewEvent, StoredEvent } from '../event-store/event-store.port';

/** An event as the deciders see it: a type and its payload, no storage details. */
export type DomainEvent<K extends DomainEventType = DomainEventType> = {
  [T in K]: { type: T; data: DomainEventMap[T] };
}[K];

/** An event with the metadata it was stored with, for deciders that weigh who did what when. */
export type EventWithMetadata<E extends DecidedEvent> = E & { metadata: EventMetadata };

export type StoredDomainEvent<K extends DomainEventType> = StoredEvent<DomainEventMap[K]> & { type: K };

/** An event a decider returns, of any event map (domain, mail, personal): a type and its payload. */
export interface DecidedEvent {
  type: string;
  data: unknown;
}

/** Wraps decided events for the event store with their ids and the metadata of the current request. */
export function toNewEvents(
  events: readonly DecidedEvent[],
  metadata: EventMetadata,
  eventIds: (event: DecidedEvent, index: number) => string = () => uuidv7(),
): NewEvent[] {
  return events.map((event, index) => ({
    eventId: eventIds(event, index),
    type: event.type,
    data: event.data,
    metadata,
  }));
}

/** The stored events of the given types, as type, payload and metadata (the caller narrows them to its decider's union). */
export function toDomainEvents<K extends string>(
  events: readonly StoredEvent[],
  types: readonly K[],
): { type: K; data: unknown; metadata: EventMetadata }[] {
  return events
    .filter((event): event is StoredEvent & { type: K } => (types as readonly string[]).includes(event.type))
    .map((event) => ({ type: event.type, data: event.data, metadata: event.metadata }));
}

export function isEventOfType<K extends DomainEventType>(event: StoredEvent, type: K): event is StoredDomainEvent<K> {
  return event.type === type;
}
