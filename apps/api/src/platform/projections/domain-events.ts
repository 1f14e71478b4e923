import 'reflect-metadata';
import type { IEvent } from '@nestjs/cqrs';
import type { AnyEventMap } from '@teaminbox/contracts';
import type { StoredEvent } from '../event-store/event-store.port';

/**
 * A stored event as a @nestjs/cqrs event. Handlers subscribe by the class busEvent() gives for a type, one class per
 * type (memoised), so the publisher and every handler of a type agree on it:
 *
 *   @EventsHandler(busEvent('EmailReceived'))
 *   export class PushNewEmail implements IEventHandler<BusEvent<'EmailReceived'>> {
 *     handle({ event }: BusEvent<'EmailReceived'>) { ... event.data.subject ... }
 *   }
 *
 * They are published by the 'cqrs-event-bus' reaction after the event is stored, from the durable
 * subscription (at-least-once: a handler may see an event again after a crash, so it must be idempotent).
 * The bus carries the types some handler or saga subscribes to (the types busEvent() was asked for).
 */
export abstract class DomainEventEnvelope<T = unknown> implements IEvent {
  constructor(readonly event: StoredEvent<T>) {}
}

/** Every event type of the contracts' event maps. */
export type BusEventMap = AnyEventMap;
export type BusEventType = keyof BusEventMap & string;

/** The bus event of one type (a union of types gives a union of envelopes). */
export type BusEvent<K extends BusEventType = BusEventType> = K extends BusEventType
  ? DomainEventEnvelope<BusEventMap[K]>
  : never;

export type DomainEventClass<K extends BusEventType = BusEventType> = new (
  event: StoredEvent<BusEventMap[K]>,
) => DomainEventEnvelope<BusEventMap[K]>;

/**
 * @nestjs/cqrs 12 routes an event to handlers by an id kept in the class's '__event__' metadata
 * (set by @EventsHandler when absent). Setting it here makes the id stable (the type name) and
 * independent of which class is decorated first.
 */
const CQRS_EVENT_METADATA = '__event__';

const classes = new Map<string, DomainEventClass>();

/** The bus event class of a type: the same class on every call, named `<Type>Event`, with the type as its event id. */
export function busEvent<K extends BusEventType>(type: K): DomainEventClass<K> {
  let cls = classes.get(type);
  if (!cls) {
    const name = `${type}Event`;
    cls = { [name]: class extends DomainEventEnvelope {} }[name] as DomainEventClass;
    Reflect.defineMetadata(CQRS_EVENT_METADATA, { id: type }, cls);
    classes.set(type, cls);
  }
  return cls as unknown as DomainEventClass<K>;
}

/** The types that have a bus class, i.e. that a handler or saga subscribed to. */
export function busEventTypes(): BusEventType[] {
  return [...classes.keys()] as BusEventType[];
}

/** The bus type of a class made by busEvent(); undefined for any other class. */
export function busEventTypeOf(cls: unknown): BusEventType | undefined {
  for (const [type, known] of classes) if (known === cls) return type as BusEventType;
  return undefined;
}

/** Wraps a stored event in its class; undefined for a type nobody subscribed to. */
export function toDomainEvent(event: StoredEvent): DomainEventEnvelope | undefined {
  const cls = classes.get(event.type);
  return cls ? new cls(event as StoredEvent<never>) : undefined;
}
