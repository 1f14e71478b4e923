import { Injectable, Logger, type OnApplicationBootstrap } from '@nestjs/common';
import { type CreatedNotification, type Notification, type StoredNotificationsCreated } from '@teaminbox/contracts';
import { LRUCache } from 'lru-cache';
import type { Server } from 'socket.io';
import { InjectPusher, type ModulePusher } from '../../../platform/realtime/module-pusher';
import { RealtimeGateway } from '../../../platform/realtime/realtime.gateway';
import { sameNotificationsOf, type SharedNotification } from '../domain/notifications-created';
import type { NOTIFICATIONS_PUSHES } from '../notifications.manifest';

/** The in-app form of a notification just created (what the list will show). */
export function notificationDto(n: CreatedNotification | SharedNotification, createdAt: string): Notification {
  return {
    id: n.notificationId,
    type: n.type,
    title: n.title,
    message: n.message,
    createdAt,
    read: false,
    isRead: false,
    readAt: null,
    actionUrl: n.actionUrl,
    emailId: n.emailId,
    silent: n.silent,
  };
}

/** One `NotificationsCreated` event to push: its id, its payload (either form) and when it was created. */
export interface LiveEvent {
  eventId: string;
  data: StoredNotificationsCreated;
  createdAt: Date;
}

/**
 * What the other replicas receive for one push: each event's id, payload (texts once, recipients grouped) and time;
 * each replica expands it for its own sockets.
 */
interface ReplicaPush {
  events: { eventId: string; data: StoredNotificationsCreated; createdAt: string }[];
}

/** An event's notifications for this process's sockets, with when they were created. */
interface LocalPush {
  data: StoredNotificationsCreated;
  createdAt: string;
}

/** The server-side event between replicas (socket.io `serverSideEmit`). */
export const LIVE_NOTIFICATIONS_EVENT = 'notifications.live';

/**
 * How many `NotificationsCreated` events pushed by one side (process manager or delivery reaction) are remembered
 * while the other side has not come to them. The other side normally follows within seconds; an entry it never
 * reaches (it runs in another process) is forgotten, least recently pushed first, beyond this bound.
 */
const REMEMBERED_EVENTS = 20_000;

/**
 * The live push of notifications to their recipients' sockets (`user.notifications`: one message per recipient and
 * push, with that recipient's notifications of the push's events), once per `NotificationsCreated` event. Two sides
 * push: the process manager as soon as its append has committed (the fast path), and the delivery reaction when the
 * durable subscription brings the event (the repeat after a crash). Whichever comes first pushes; the second finds the
 * event remembered, forgets it and pushes nothing.
 *
 * A push reaches this process's sockets at once and the other replicas' sockets through one server-side message for
 * the whole push (socket.io's Postgres adapter: one NOTIFY, the payload in `socket_io_attachments`; the events as
 * recorded, texts once and recipients grouped, which each replica expands), not one round trip to the database per
 * notification: an emit to a room waits for its NOTIFY before it reaches even the local sockets, and a burst's 15,000
 * notifications a second queued behind the adapter's four connections. A replica that receives a push remembers its
 * events, so that its own delivery reaction does not push them again. After a crash an event can be pushed twice: the
 * web drops a notification id it has.
 */
@Injectable()
export class LiveNotifications implements OnApplicationBootstrap {
  private readonly logger = new Logger(LiveNotifications.name);
  private readonly pushed = new LRUCache<string, true>({ max: REMEMBERED_EVENTS });

  constructor(
    private readonly gateway: RealtimeGateway,
    @InjectPusher() private readonly pushes: ModulePusher<typeof NOTIFICATIONS_PUSHES>,
  ) {}

  onApplicationBootstrap(): void {
    this.server()?.on(LIVE_NOTIFICATIONS_EVENT, (push: ReplicaPush) => {
      try {
        const local: LocalPush[] = [];
        for (const event of push.events) {
          if (this.pushed.delete(event.eventId)) continue;
          local.push({ data: event.data, createdAt: event.createdAt });
          this.remember(event.eventId);
        }
        this.emitLocally(local);
      } catch (error) {
        this.logger.warn(`A replica's notification push was not delivered: ${(error as Error).message}`);
      }
    });
  }

  /** Pushes the events' notifications unless the other side already did; answers how many events it pushed. */
  push(events: readonly LiveEvent[]): number {
    const replicas: ReplicaPush = { events: [] };
    const local: LocalPush[] = [];
    for (const event of events) {
      if (this.pushed.delete(event.eventId)) continue;
      const createdAt = event.createdAt.toISOString();
      local.push({ data: event.data, createdAt });
      this.remember(event.eventId);
      replicas.events.push({ eventId: event.eventId, data: event.data, createdAt });
    }
    this.emitLocally(local);
    if (replicas.events.length > 0) void this.toReplicas(replicas);
    return replicas.events.length;
  }

  /**
   * Sends a push to the other replicas, if there are any (RealtimeGateway.hasOtherReplicas). Alone, a process would
   * otherwise encode and store every push for no one (a burst's ~375 KB per slice of 50 emails).
   */
  private async toReplicas(push: ReplicaPush): Promise<void> {
    const server = this.server();
    if (!server) return;
    try {
      if (!(await this.gateway.hasOtherReplicas())) return;
      server.serverSideEmit(LIVE_NOTIFICATIONS_EVENT, push);
    } catch (error) {
      this.logger.warn(`A notification push did not reach the other replicas: ${(error as Error).message}`);
    }
  }

  /**
   * One `user.notifications` message per recipient for the whole push, their notifications in the events' order.
   * Recipients whose lists are the very same (the same notifications of the same events: a burst's new mail to a team
   * whose members keep the same settings) get one message sent to all their rooms, encoded once.
   */
  private emitLocally(events: readonly LocalPush[]): void {
    // Each recipient's list, and a key naming what is in it (event and group of each notification).
    const byUser = new Map<string, { key: string; notifications: Notification[] }>();
    events.forEach(({ data, createdAt }, e) => {
      sameNotificationsOf(data).forEach(({ userIds, notification }, g) => {
        const dto = notificationDto(notification, createdAt);
        const part = `${e}.${g};`;
        for (const userId of userIds) {
          const mine = byUser.get(userId);
          if (mine) {
            mine.key += part;
            mine.notifications.push(dto);
          } else byUser.set(userId, { key: part, notifications: [dto] });
        }
      });
    });
    const alike = new Map<string, { userIds: string[]; notifications: Notification[] }>();
    for (const [userId, { key, notifications }] of byUser) {
      const same = alike.get(key);
      if (same) same.userIds.push(userId);
      else alike.set(key, { userIds: [userId], notifications });
    }
    for (const { userIds, notifications } of alike.values())
      this.pushes.toUsersHere(userIds).emit('user.notifications', notifications);
  }

  private remember(eventId: string): void {
    this.pushed.set(eventId, true);
  }

  /** The socket.io server with its server-side events untyped (RealtimeServer declares none). */
  private server(): Server | undefined {
    return this.gateway.server as unknown as Server | undefined;
  }
}
