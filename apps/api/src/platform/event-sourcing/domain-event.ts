import type { DomainEventMap, DomainEventType } from '@teaminbox/contracts';
import { v7 as uuidv7 } from 'uuid';
import type { NewEvent, StoredEvent } from '../event-store/event-store.port';

/** An event as the deciders see it: a type and its payload, no storage details. */
export type DomainEvent<K extends DomainEventType = DomainEventType> = {
  [T in K]: { type: T; data: DomainEventMap[T] };
}[K];

export type StoredDomainEvent<K extends DomainEventType> = StoredEvent<DomainEventMap[K]> & { type: K };

/** Who caused an append, carried in every event's metadata. */
export interface CommandContext {
  actorUserId: string | null;
  teamId: string | null;
  correlationId: string;
  causationId?: string | null;
}

export function newCorrelationId(): string {
  return uuidv7();
}

/** An event a decider returns, of any event map (domain, mail, personal): a type and its payload. */
export interface DecidedEvent {
  type: string;
  data: unknown;
}

/** Wraps decided events for the event store with fresh ids and metadata. */
export function toNewEvents(
  events: readonly DecidedEvent[],
  context: CommandContext,
  now: Date = new Date(),
): NewEvent[] {
  return events.map((event) => ({
    eventId: uuidv7(),
    type: event.type,
    data: event.data,
    metadata: {
      actorUserId: context.actorUserId,
      teamId: context.teamId,
      correlationId: context.correlationId,
      causationId: context.causationId ?? null,
      occurredAt: now.toISOString(),
    },
  }));
}

/** The stored events of the given types, as type and payload (the caller narrows them to its decider's union). */
export function toDomainEvents<K extends string>(
  events: StoredEvent[],
  types: readonly K[],
): { type: K; data: unknown }[] {
  return events
    .filter((event): event is StoredEvent & { type: K } => (types as readonly string[]).includes(event.type))
    .map((event) => ({ type: event.type, data: event.data }));
}

export function isEventOfType<K extends DomainEventType>(event: StoredEvent, type: K): event is StoredDomainEvent<K> {
  return event.type === type;
}
