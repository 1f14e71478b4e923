import { START, type StoredEvent } from '../event-store/event-store.port';
import { DOMAIN_EVENT_CLASSES, EmailReceivedEvent, TeamCreatedEvent, toDomainEvent } from './domain-events';

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
    const wrapped = toDomainEvent(stored('EmailReceived'));
    expect(wrapped).toBeInstanceOf(EmailReceivedEvent);
    expect(wrapped?.event.type).toBe('EmailReceived');
    expect(toDomainEvent(stored('TeamCreated'))).toBeInstanceOf(TeamCreatedEvent);
  });

  it('skips unknown types', () => {
    expect(toDomainEvent(stored('NotAnEvent'))).toBeUndefined();
    expect(toDomainEvent(stored('constructor'))).toBeUndefined();
  });

  it('gives every class a stable @nestjs/cqrs event id equal to its type', () => {
    for (const [type, cls] of Object.entries(DOMAIN_EVENT_CLASSES)) {
      expect(Reflect.getOwnMetadata('__event__', cls)).toEqual({ id: type });
    }
  });
});
