import { Injectable } from '@nestjs/common';
import type { NotificationEventMap } from '@teaminbox/contracts';
import type { EntityManager } from 'typeorm';
import type { StoredEvent } from '../../../../platform/event-store/event-store.port';
import type { Projection } from '../../../../platform/projections/projection';
import { recipientNotificationIdOf } from '../../domain/notification-decision';
import { checkedGroups, checkedRecipients, createdNotifications } from '../../domain/notifications-created';

export const NOTIFICATION_LIST_PROJECTION = 'notification-list';

type Data<K extends keyof NotificationEventMap> = NotificationEventMap[K];

/** After a CTE `marked` (the rows just marked read): the user's unread count, the user being parameter `user`. */
const lessUnread = (user: '$1' | '$2') =>
  `UPDATE notification_unread_count SET unread = unread - m.n
     FROM (SELECT count(*)::int AS n FROM marked) m
    WHERE user_id = ${user} AND m.n > 0`;

/**
 * Writes `notification` (every notification of every user, with the position of the event that created it, so that
 * "mark all read" covers exactly what the user had), `notification_unread_count` (each user's unread notifications,
 * kept as they are inserted and marked read, so the bell's count is read by key) and `notification_snooze`. A rebuild
 * writes the same rows again and sends nothing: delivery is a reaction, which a rebuild never runs.
 */
@Injectable()
export class NotificationListProjection implements Projection {
  readonly name = NOTIFICATION_LIST_PROJECTION;
  readonly eventTypes = [
    'NotificationsCreated',
    'NotificationRead',
    'AllNotificationsRead',
    'NotificationsSnoozed',
    'NotificationsUnsnoozed',
  ] as const;

  async handle(events: StoredEvent[], tx: EntityManager): Promise<void> {
    const created: CreatedRows[] = [];
    const flush = async () => {
      if (created.length === 0) return;
      // Each event's texts once and its recipients in groups (a new email in a team of 50: one title and message,
      // one group of 50 user ids), expanded here rather than sent as one full row per notification. A group's
      // recipients share the notification id; an event recorded before gives each recipient an entry of their own.
      // The recipients' unread counts grow by what was inserted (a notification handled again is not).
      await tx.query(
        `WITH inserted AS (
           INSERT INTO notification (id, user_id, team_id, type, title, message, action_url, email_id, silent,
             created_at, position_commit, position_prepare)
           SELECT e.id, u.user_id::uuid, e.team_id, e.type, e.texts -> g.text ->> 0, e.texts -> g.text ->> 1,
             e.action_url, e.email_id, g.silent, e.created_at, e.position_commit, e.position_prepare
             FROM json_to_recordset($1::json) AS e(id uuid, team_id uuid, type text, action_url text, email_id uuid,
               created_at timestamptz, position_commit numeric, position_prepare numeric, texts json, groups json)
            CROSS JOIN LATERAL json_to_recordset(e.groups) AS g(users json, text int, silent boolean)
            CROSS JOIN LATERAL json_array_elements_text(g.users) AS u(user_id)
           ON CONFLICT (user_id, id) DO NOTHING
           RETURNING user_id)
         INSERT INTO notification_unread_count AS c (user_id, unread)
         SELECT user_id, count(*) FROM inserted GROUP BY user_id
         ON CONFLICT (user_id) DO UPDATE SET unread = c.unread + EXCLUDED.unread`,
        [JSON.stringify(created.splice(0))],
      );
    };
    for (const event of events) {
      switch (event.type) {
        case 'NotificationsCreated': {
          created.push(...createdRows(event));
          break;
        }
        case 'NotificationRead': {
          await flush();
          const data = event.data as Data<'NotificationRead'>;
          await tx.query(
            `WITH marked AS (
               UPDATE notification SET read = true, read_at = $3 WHERE id = $1 AND user_id = $2 AND NOT read
               RETURNING 1)
             ${lessUnread('$2')}`,
            [data.notificationId, data.userId, data.readAt],
          );
          break;
        }
        case 'AllNotificationsRead': {
          await flush();
          const data = event.data as Data<'AllNotificationsRead'>;
          await tx.query(
            `WITH marked AS (
               UPDATE notification SET read = true, read_at = $4
                WHERE user_id = $1 AND NOT read AND (position_commit, position_prepare) <= ($2::numeric, $3::numeric)
               RETURNING 1)
             ${lessUnread('$1')}`,
            [data.userId, data.upTo.commit, data.upTo.prepare, data.readAt],
          );
          break;
        }
        case 'NotificationsSnoozed': {
          const data = event.data as Data<'NotificationsSnoozed'>;
          await tx.query(
            `INSERT INTO notification_snooze (user_id, snoozed_until) VALUES ($1, $2)
             ON CONFLICT (user_id) DO UPDATE SET snoozed_until = EXCLUDED.snoozed_until`,
            [data.userId, data.snoozedUntil],
          );
          break;
        }
        case 'NotificationsUnsnoozed': {
          const data = event.data as Data<'NotificationsUnsnoozed'>;
          await tx.query(`DELETE FROM notification_snooze WHERE user_id = $1`, [data.userId]);
          break;
        }
      }
    }
    await flush();
  }

  /** The notifications about an erased person's email: their titles and messages written again as they now read. */
  async rewritePersonalData(events: StoredEvent[], tx: EntityManager): Promise<void> {
    const rows = events
      .filter((event) => event.type === 'NotificationsCreated')
      .flatMap((event) =>
        createdNotifications(event.data as Data<'NotificationsCreated'>).map((n) => ({
          id: n.notificationId,
          user_id: n.userId,
          title: n.title,
          message: n.message,
        })),
      );
    if (rows.length === 0) return;
    await tx.query(
      `UPDATE notification n SET title = r.title, message = r.message
         FROM json_to_recordset($1::json) AS r(id uuid, user_id uuid, title text, message text)
        WHERE n.id = r.id AND n.user_id = r.user_id`,
      [JSON.stringify(rows)],
    );
  }

  async reset(tx: EntityManager): Promise<void> {
    await tx.query('TRUNCATE notification, notification_unread_count, notification_snooze');
  }
}

/**
 * The rows of one notification id for the list's insert: its texts once (title, message), and the groups of its
 * recipients pointing at them (the recipients of an event share its notification id; in an event recorded before,
 * each recipient's is their own, so each recipient is an entry of their own).
 */
interface CreatedRows {
  id: string;
  team_id: string;
  type: string;
  action_url: string | null;
  email_id: string | null;
  created_at: string;
  position_commit: string;
  position_prepare: string;
  texts: [title: string, message: string][];
  groups: { users: readonly string[]; text: number; silent: boolean }[];
}

/**
 * The rows of a `NotificationsCreated` in whichever form it was recorded: the current one as it is (texts once, one
 * id for its groups of recipients); one recorded before its recipients shared an id, or with a full notification per
 * recipient, as one entry per recipient with that recipient's id (such events are few and old).
 */
function createdRows(event: StoredEvent): CreatedRows[] {
  const data = event.data as Data<'NotificationsCreated'>;
  const at = {
    created_at: event.recordedAt.toISOString(),
    position_commit: event.position.commit.toString(),
    position_prepare: event.position.prepare.toString(),
  };
  if ('notifications' in data) {
    return data.notifications.map((n) => ({
      id: n.notificationId,
      team_id: data.teamId,
      type: n.type,
      action_url: n.actionUrl,
      email_id: n.emailId,
      ...at,
      texts: [[n.title, n.message]],
      groups: [{ users: [n.userId], text: 0, silent: n.silent }],
    }));
  }
  const texts = data.texts.map((text): [string, string] => [text.title, text.message]);
  const rows = {
    team_id: data.teamId,
    type: data.type,
    action_url: data.actionUrl,
    email_id: data.emailId,
    ...at,
    texts,
  };
  if (data.notificationId !== undefined) {
    return [
      {
        id: data.notificationId,
        ...rows,
        groups: checkedGroups(data).map((group) => ({ users: group.userIds, text: group.text, silent: group.silent })),
      },
    ];
  }
  return checkedRecipients(data).map((r) => ({
    id: recipientNotificationIdOf(data.causeEventId, r.userId),
    ...rows,
    groups: [{ users: [r.userId], text: r.text, silent: r.silent }],
  }));
}
