import { START, type StoredEvent } from '../event-store/event-store.port';
import { busEvent, busEventTypes, toDomainEvent } from './domain-events';

function stored(type: string): StoredEvent {
  return {
    eventId: 'e',
    streamId: 's',
    streamVersion: 1,
    type,
    data: {},
    metadata: { actorUserId: null, teamId: null, correlationId: 'c', causationId: null, occurredAt: '' },
    position: START,
    recordedAt: new Date(0),
  };
}

describe('domain events', () => {
  it('wraps a stored event in the class of its type', () => {
    const emailReceived = busEvent('EmailReceived');
    const teamCreated = busEvent('TeamCreated');
    const wrapped = toDomainEvent(stored('EmailReceived'));
    expect(wrapped).toBeInstanceOf(emailReceived);
    expect(wrapped?.event.type).toBe('EmailReceived');
    expect(toDomainEvent(stored('TeamCreated'))).toBeInstanceOf(teamCreated);
  });

  it('gives one class per type, named after it', () => {
    expect(busEvent('LabelCreated')).toBe(busEvent('LabelCreated'));
    expect(busEvent('LabelCreated')).not.toBe(busEvent('LabelDeleted'));
    expect(busEvent('LabelCreated').name).toBe('LabelCreatedEvent');
  });

  it('skips unknown types and types nobody subscribed to', () => {
    expect(toDomainEvent(stored('NotAnEvent'))).toBeUndefined();
    expect(toDomainEvent(stored('constructor'))).toBeUndefined();
    expect(toDomainEvent(stored('EmailStarred'))).toBeUndefined();
    expect(busEventTypes()).not.toContain('EmailStarred');
  });

  it('gives every class a stable @nestjs/cqrs event id equal to its type', () => {
    busEvent('ReplyQueued');
    for (const type of busEventTypes()) {
      expect(Reflect.getOwnMetadata('__event__', busEvent(type))).toEqual({ id: type });
    }
  });
});
