import type { CreatedNotification, NotificationsCreatedPerRecipient } from '@teaminbox/contracts';
import type { AccessTokenService } from '../../../platform/auth/access-token.service';
import type { ClusterPool } from '../../../platform/cluster/cluster-pool';
import { RealtimeGateway, type RealtimeServer } from '../../../platform/realtime/realtime.gateway';
import { NOTIFICATIONS_MANIFEST } from '../notifications.manifest';
import { notificationsIdOf, recipientNotificationIdOf } from '../domain/notification-decision';
import { notificationsCreatedOf } from '../domain/notifications-created';
import { LIVE_NOTIFICATIONS_EVENT, type LiveEvent, LiveNotifications } from './live-notifications';

const notification = (causeEventId: string, userId: string): CreatedNotification => ({
  notificationId: notificationsIdOf(causeEventId),
  userId,
  type: 'EMAIL_RECEIVED',
  title: 'New e-mail',
  message: 'New e-mail from Ann: Hello',
  actionUrl: '/admin/email-detail/e1',
  emailId: 'e1',
  language: 'en',
  silent: false,
  channels: { email: false, push: false, slack: false },
});

/** A socket.io server of a cluster of `servers` that records what reaches the local sockets and the other replicas. */
function serverRecording(servers = 2) {
  /** One entry per notification, with the message (`message`: its position among the recorded emits) it came in. */
  const local: { room: string; event: string; id: string; createdAt: string; message: number }[] = [];
  let messages = 0;
  const replicas: { event: string; payload: unknown }[] = [];
  const listeners = new Map<string, (payload: unknown) => void>();
  const server = {
    local: {
      to: (to: string | string[]) => ({
        emit: (event: string, dtos: { id: string; createdAt: string }[]) => {
          const message = messages++;
          for (const room of typeof to === 'string' ? [to] : to)
            for (const dto of dtos) local.push({ room, event, id: dto.id, createdAt: dto.createdAt, message });
          return true;
        },
      }),
    },
    serverSideEmit: (event: string, payload: unknown) => {
      replicas.push({ event, payload });
      return true;
    },
    on: (event: string, listener: (payload: unknown) => void) => listeners.set(event, listener),
    of: () => ({ adapter: { serverCount: async () => servers } }),
  };
  const gateway = new RealtimeGateway({} as AccessTokenService, {} as ClusterPool);
  gateway.server = server as unknown as RealtimeServer;
  return {
    create: () => new LiveNotifications(gateway, gateway.pusher(NOTIFICATIONS_MANIFEST)),
    local,
    replicas,
    fromReplica: (payload: unknown) => listeners.get(LIVE_NOTIFICATIONS_EVENT)?.(payload),
  };
}

/** Lets the push to the other replicas (after the adapter answered how many servers there are) happen. */
const replicasReached = () => new Promise((resolve) => setImmediate(resolve));

describe('LiveNotifications', () => {
  const at = new Date('2026-11-24T10:00:00.000Z');
  const cause = (causeEventId: string) => ({ teamId: 't1', causeEventId, causeType: 'EmailReceived' });
  const decided1 = [notification('c1', 'u1'), notification('c1', 'u2')];
  // The process manager pushes what it decided; the delivery reaction pushes the event as read from the log.
  const ev1: LiveEvent = {
    eventId: 'ev1',
    data: notificationsCreatedOf(cause('c1'), decided1),
    createdAt: at,
  };
  const ev2: LiveEvent = {
    eventId: 'ev2',
    data: notificationsCreatedOf(cause('c2'), [notification('c2', 'u1')]),
    createdAt: at,
  };
  // The recipients of one event share their notification's id.
  const [n1, n2] = decided1.map((n) => n.notificationId);
  const n3 = notificationsIdOf('c2');

  it("pushes each recipient's notifications to their local sockets in one message, and the whole push to the other replicas at once", async () => {
    const { create, local, replicas } = serverRecording();
    expect(n1).toBe(n2);
    expect(create().push([ev1, ev2])).toBe(2);
    expect(local).toEqual([
      { room: 'user:u1', event: 'user.notifications', id: n1, createdAt: at.toISOString(), message: 0 },
      { room: 'user:u1', event: 'user.notifications', id: n3, createdAt: at.toISOString(), message: 0 },
      { room: 'user:u2', event: 'user.notifications', id: n2, createdAt: at.toISOString(), message: 1 },
    ]);
    await replicasReached();
    expect(replicas).toHaveLength(1);
    // The events as recorded (texts once, recipients grouped): each replica expands them.
    expect(replicas[0]).toEqual({
      event: LIVE_NOTIFICATIONS_EVENT,
      payload: {
        events: [
          { eventId: 'ev1', data: ev1.data, createdAt: at.toISOString() },
          { eventId: 'ev2', data: ev2.data, createdAt: at.toISOString() },
        ],
      },
    });
  });

  it('pushes an event once whichever side comes first, and again after both sides had it', async () => {
    const { create, local, replicas } = serverRecording();
    const live = create();
    expect(live.push([ev1])).toBe(1); // the process manager, after its append
    expect(live.push([ev1, ev2])).toBe(1); // the delivery reaction, from the log: ev1 was pushed already
    expect(local.map((e) => e.id)).toEqual([n1, n2, n3]);
    // ev1's two recipients got the same notification: one message to both.
    expect(local.map((e) => e.message)).toEqual([0, 0, 1]);
    await replicasReached();
    expect(replicas).toHaveLength(2);
    // Both sides are done with ev1: a later delivery of it (a repeat after a crash) pushes it again.
    expect(live.push([ev1])).toBe(1);
    expect(local.map((e) => e.id)).toEqual([n1, n2, n3, n1, n2]);
  });

  it('sends nothing to the other replicas when every event was pushed already', async () => {
    const { create, replicas } = serverRecording();
    const live = create();
    live.push([ev1]);
    expect(live.push([ev1])).toBe(0);
    await replicasReached();
    expect(replicas).toHaveLength(1);
  });

  it('sends nothing to other replicas when there are none, and still pushes to its own sockets', async () => {
    const { create, local, replicas } = serverRecording(1);
    expect(create().push([ev1, ev2])).toBe(2);
    await replicasReached();
    expect(local.map((e) => e.id)).toEqual([n1, n3, n2]);
    expect(replicas).toHaveLength(0);
  });

  it("delivers another replica's push to the local sockets and remembers it, so the local delivery does not repeat it", async () => {
    const sender = serverRecording();
    sender.create().push([ev1]);
    await replicasReached();
    const receiver = serverRecording();
    const live = receiver.create();
    live.onApplicationBootstrap();
    receiver.fromReplica(JSON.parse(JSON.stringify(sender.replicas[0].payload)));
    expect(receiver.local).toEqual([
      { room: 'user:u1', event: 'user.notifications', id: n1, createdAt: at.toISOString(), message: 0 },
      { room: 'user:u2', event: 'user.notifications', id: n2, createdAt: at.toISOString(), message: 0 },
    ]);
    expect(live.push([ev1])).toBe(0);
    await replicasReached();
    expect(receiver.local).toHaveLength(2);
    expect(receiver.replicas).toHaveLength(0);
  });

  it('sends recipients with the very same notifications one message, encoded once for all their rooms', () => {
    const { create, local } = serverRecording();
    const decided3 = [notification('c3', 'u1'), notification('c3', 'u2'), notification('c3', 'u3')];
    const ev3: LiveEvent = { eventId: 'ev3', data: notificationsCreatedOf(cause('c3'), decided3), createdAt: at };
    const snoozed = { ...notification('c4', 'u3'), silent: true };
    const decided4 = [notification('c4', 'u1'), notification('c4', 'u2'), snoozed];
    const ev4: LiveEvent = { eventId: 'ev4', data: notificationsCreatedOf(cause('c4'), decided4), createdAt: at };
    expect(create().push([ev3, ev4])).toBe(2);
    // u1 and u2 got the same two notifications: one message to both rooms; u3's second one is silent: its own message.
    const [n4, n5] = [notificationsIdOf('c3'), notificationsIdOf('c4')];
    expect(local.map(({ room, id, message }) => [room, id, message])).toEqual([
      ['user:u1', n4, 0],
      ['user:u1', n5, 0],
      ['user:u2', n4, 0],
      ['user:u2', n5, 0],
      ['user:u3', n4, 1],
      ['user:u3', n5, 1],
    ]);
  });

  it('pushes an event recorded in groups before its recipients shared an id with each recipient apart', () => {
    const { create, local } = serverRecording();
    const { notificationId: _id, ...before } = notificationsCreatedOf(cause('c5'), [
      notification('c5', 'u1'),
      notification('c5', 'u2'),
    ]);
    expect(create().push([{ eventId: 'ev5', data: before, createdAt: at }])).toBe(1);
    expect(local.map(({ room, id, message }) => [room, id, message])).toEqual([
      ['user:u1', recipientNotificationIdOf('c5', 'u1'), 0],
      ['user:u2', recipientNotificationIdOf('c5', 'u2'), 1],
    ]);
  });

  it('pushes an event recorded with one full notification per recipient as it is stored', () => {
    const { create, local } = serverRecording();
    const stored: NotificationsCreatedPerRecipient = {
      ...cause('c0'),
      notifications: [{ ...notification('c0', 'u1'), notificationId: 'stored-id' }],
    };
    expect(create().push([{ eventId: 'ev0', data: stored, createdAt: at }])).toBe(1);
    expect(local).toEqual([
      { room: 'user:u1', event: 'user.notifications', id: 'stored-id', createdAt: at.toISOString(), message: 0 },
    ]);
  });
});
