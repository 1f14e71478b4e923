import { Injectable, Logger } from '@nestjs/common';
import type { CreatedNotification, StoredNotificationsCreated } from '@teaminbox/contracts';
import type { EntityManager } from 'typeorm';
import { comparePositions, type Position, type StoredEvent } from '../../../platform/event-store/event-store.port';
import type { Reaction } from '../../../platform/projections/projection';
import { ProjectionRunner } from '../../../platform/projections/projection-runner';
import { notificationsOnChannels, pushRecipientIdsOf, recipientIdsOf } from '../domain/notifications-created';
import {
  type NotificationChannel,
  type NotificationJob,
  NotificationQueue,
} from '../infrastructure/notification-queue';
import { NOTIFICATION_LIST_PROJECTION } from '../projections/notification-list/notification-list.projection';
import { LiveNotifications } from './live-notifications';
import { UnreadCounts } from './unread-counts';

export const DELIVER_NOTIFICATIONS_REACTION = 'deliver-notifications';
/** Unread-count rounds start at most this often (ms). */
const COUNT_ROUND_MS = 250;

const jobOf = (n: CreatedNotification, teamId: string, subscriptionId?: string): NotificationJob => ({
  notificationId: n.notificationId,
  teamId,
  userId: n.userId,
  type: n.type,
  title: n.title,
  message: n.message,
  actionUrl: n.actionUrl,
  language: n.language,
  ...(subscriptionId ? { subscriptionId } : {}),
});

/**
 * Delivers what the process manager created. In the checkpoint's transaction it inserts one durable job per
 * notification and channel (email, Slack, and browser push per subscribed device), each retried on its own queue;
 * after the commit it pushes each notification live to its recipient's sockets only (`user.notifications`, one message
 * per recipient), unless the process manager already did right after its append (LiveNotifications: the fast path),
 * then the recipients'
 * unread counts (`user.notification-count`). The live push here is the repeat after a crash and the push of another
 * process's appends (the web drops an id it has); neither waits for a queue's polling.
 */
@Injectable()
export class DeliverNotificationsReaction implements Reaction {
  private readonly logger = new Logger(DeliverNotificationsReaction.name);
  readonly name = DELIVER_NOTIFICATIONS_REACTION;
  readonly eventTypes = ['NotificationsCreated'] as const;
  readonly startAt = 'head' as const;
  /** Users whose unread count is to be pushed, once the list projection reaches countsUpTo. */
  private readonly countsPending = new Set<string>();
  private countsUpTo: Position | undefined;
  private counting: Promise<void> | undefined;

  constructor(
    private readonly queue: NotificationQueue,
    private readonly live: LiveNotifications,
    private readonly runner: ProjectionRunner,
    private readonly counts: UnreadCounts,
  ) {}

  async handle(events: StoredEvent[], tx: EntityManager): Promise<void> {
    const created = events.map((event) => event.data as StoredNotificationsCreated);
    const pushUsers = [...new Set(created.flatMap(pushRecipientIdsOf))];
    const devices = new Map<string, string[]>();
    if (pushUsers.length > 0) {
      const rows: { id: string; user_id: string }[] = await tx.query(
        `SELECT id, user_id FROM push_subscription WHERE user_id = ANY($1::uuid[]) ORDER BY created_at`,
        [pushUsers],
      );
      for (const row of rows) devices.set(row.user_id, [...(devices.get(row.user_id) ?? []), row.id]);
    }
    // Only what some channel delivers is expanded (a recipient's push goes to their devices: none, no job).
    const jobs: { channel: NotificationChannel; job: NotificationJob }[] = [];
    for (const data of created) {
      for (const n of notificationsOnChannels(data, (userId) => devices.has(userId))) {
        if (n.channels.email) jobs.push({ channel: 'email', job: jobOf(n, data.teamId) });
        if (n.channels.slack) jobs.push({ channel: 'slack', job: jobOf(n, data.teamId) });
        if (n.channels.push) {
          for (const subscriptionId of devices.get(n.userId) ?? []) {
            jobs.push({ channel: 'push', job: jobOf(n, data.teamId, subscriptionId) });
          }
        }
      }
    }
    await this.queue.enqueue(jobs, tx);
  }

  async afterCommit(events: StoredEvent[]): Promise<void> {
    const users = new Set<string>();
    const live = events.map((event) => ({
      eventId: event.eventId,
      data: event.data as StoredNotificationsCreated,
      createdAt: event.recordedAt,
    }));
    this.live.push(live);
    for (const { data } of live) for (const userId of recipientIdsOf(data)) users.add(userId);
    this.scheduleCounts(users, events[events.length - 1].position);
  }

  /**
   * The recipients' unread counts follow their notifications once the list projection has them. They are pushed
   * beside the subscription, not in it: during a burst the list projection trails the live push, and waiting for it
   * here held every later notification back. Users of batches that arrive meanwhile are counted together in the next
   * round (one query per round). A count is a live hint (the bell reads its count when it opens): a count push lost
   * with the process is not repeated.
   */
  private scheduleCounts(users: Set<string>, upTo: Position): void {
    for (const user of users) this.countsPending.add(user);
    if (!this.countsUpTo || comparePositions(upTo, this.countsUpTo) > 0) this.countsUpTo = upTo;
    this.counting ??= this.pushCounts().finally(() => {
      this.counting = undefined;
      if (this.countsPending.size > 0 && this.countsUpTo) this.scheduleCounts(new Set(), this.countsUpTo);
    });
  }

  private async pushCounts(): Promise<void> {
    while (this.countsPending.size > 0 && this.countsUpTo) {
      const started = Date.now();
      const users = [...this.countsPending];
      const upTo = this.countsUpTo;
      this.countsPending.clear();
      try {
        await this.runner.waitFor(upTo, [NOTIFICATION_LIST_PROJECTION], 2000);
        await this.counts.push(users);
      } catch (error) {
        this.logger.warn(`Notification count push failed: ${(error as Error).message}`);
      }
      // During a burst a round follows the previous one at most every COUNT_ROUND_MS: each counts the recipients'
      // unread notifications, which grow with the burst.
      const rest = COUNT_ROUND_MS - (Date.now() - started);
      if (this.countsPending.size > 0 && rest > 0) await new Promise((resolve) => setTimeout(resolve, rest));
    }
  }
}
