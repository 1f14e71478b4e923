import { START, type StoredEvent } from '../event-store/event-store.port';
import { ANONYMOUS, RequestContext } from './request-context';
import { requestIdOf } from './request-id.middleware';

const scope = { correlationId: 'req-1', causationId: null, actor: ANONYMOUS, teamId: null };

describe('request context', () => {
  it('gives every event the actor, team, correlation and causation of the code that appends it', () => {
    const now = new Date('2024-05-01T12:00:00.000Z');
    RequestContext.run({ ...scope }, () => {
      RequestContext.identify('u1', 't1');
      expect(RequestContext.metadata(undefined, now)).toEqual({
        actorUserId: 'u1',
        actorKind: 'user',
        teamId: 't1',
        correlationId: 'req-1',
        causationId: null,
        occurredAt: '2024-05-01T12:00:00.000Z',
      });
      expect(RequestContext.metadata(null, now).teamId).toBeNull();
      expect(RequestContext.metadata('t9', now).teamId).toBe('t9');
    });
  });

  it('keeps the scope across awaits and lets code act as another actor in the same correlation', async () => {
    await RequestContext.run({ ...scope }, async () => {
      await new Promise((resolve) => setTimeout(resolve, 1));
      const asRule = RequestContext.actAs({ kind: 'rule', id: 'r1', name: 'Invoices' }, () =>
        RequestContext.metadata(),
      );
      expect(asRule).toMatchObject({
        actorUserId: null,
        actorKind: 'rule',
        actorRule: { id: 'r1', name: 'Invoices' },
        correlationId: 'req-1',
      });
      expect(RequestContext.current().actor).toEqual(ANONYMOUS);
    });
  });

  it('outside any scope, attributes writes to the system under a fresh correlation id each time', () => {
    const first = RequestContext.metadata();
    const second = RequestContext.metadata();
    expect(first).toMatchObject({ actorUserId: null, actorKind: 'system', teamId: null, causationId: null });
    expect(first.correlationId).not.toBe(second.correlationId);
  });

  it('detaches background work started in a request from its scope', async () => {
    await RequestContext.run({ ...scope }, async () => {
      RequestContext.identify('u1', 't1');
      const later = RequestContext.detached(
        () =>
          new Promise<ReturnType<typeof RequestContext.metadata>>((resolve) =>
            setTimeout(() => resolve(RequestContext.metadata()), 1),
          ),
      );
      expect(await later).toMatchObject({ actorUserId: null, actorKind: 'system', teamId: null, causationId: null });
      expect((await later).correlationId).not.toBe('req-1');
      expect(RequestContext.metadata().actorUserId).toBe('u1');
    });
  });

  it('makes a reaction to an event caused by it, in its correlation', () => {
    const event: StoredEvent = {
      eventId: 'ev-1',
      streamId: 'email-1',
      streamVersion: 1,
      type: 'EmailAssigned',
      data: {},
      metadata: { actorUserId: 'u1', teamId: 't1', correlationId: 'req-7', causationId: null, occurredAt: '' },
      position: START,
      recordedAt: new Date(0),
    };
    expect(RequestContext.ofEvent(event)).toEqual({
      correlationId: 'req-7',
      causationId: 'ev-1',
      actor: { kind: 'system', id: null },
      teamId: 't1',
    });
  });

  it('keeps a short plain request id and replaces anything else', () => {
    expect(requestIdOf('abc-123_x.y:z')).toBe('abc-123_x.y:z');
    for (const bad of [undefined, '', 'a b', 'x'.repeat(129), 'line\nbreak', '-leading', ['a', 'b']]) {
      expect(requestIdOf(bad)).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-/);
    }
  });
});
