import { type IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import type { Notification, Page } from '@teaminbox/contracts';
import { DataSource } from 'typeorm';
import { NEWEST_FIRST, NOTIFICATION_COLUMNS, type NotificationRow, toNotification } from '../notification-rows';
import { ListNotificationsQuery, ListUnreadNotificationsQuery, UNREAD_LIMIT } from './list-notifications.query';

@QueryHandler(ListNotificationsQuery)
export class ListNotificationsHandler implements IQueryHandler<ListNotificationsQuery, Page<Notification>> {
  constructor(private readonly db: DataSource) {}

  async execute({ userId, page, size }: ListNotificationsQuery): Promise<Page<Notification>> {
    const [rows, [{ total }]]: [NotificationRow[], { total: number }[]] = await Promise.all([
      this.db.query(
        `SELECT ${NOTIFICATION_COLUMNS} FROM notification WHERE user_id = $1 ORDER BY ${NEWEST_FIRST} LIMIT $2 OFFSET $3`,
        [userId, size, page * size],
      ),
      this.db.query(`SELECT count(*)::int AS total FROM notification WHERE user_id = $1`, [userId]),
    ]);
    return { content: rows.map(toNotification), totalElements: total, totalPages: Math.ceil(total / size) };
  }
}

@QueryHandler(ListUnreadNotificationsQuery)
export class ListUnreadNotificationsHandler implements IQueryHandler<ListUnreadNotificationsQuery, Notification[]> {
  constructor(private readonly db: DataSource) {}

  async execute({ userId }: ListUnreadNotificationsQuery): Promise<Notification[]> {
    const rows: NotificationRow[] = await this.db.query(
      `SELECT ${NOTIFICATION_COLUMNS} FROM notification WHERE user_id = $1 AND NOT read ORDER BY ${NEWEST_FIRST} LIMIT $2`,
      [userId, UNREAD_LIMIT],
    );
    return rows.map(toNotification);
  }
}
