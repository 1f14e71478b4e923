import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { InjectPusher, type ModulePusher } from '../../../platform/realtime/module-pusher';
import type { NOTIFICATIONS_PUSHES } from '../notifications.manifest';

/**
 * The unread notification counts of users (as the notification list keeps them), pushed to each user's sockets
 * (`user.notification-count`).
 */
@Injectable()
export class UnreadCounts {
  constructor(
    private readonly db: DataSource,
    @InjectPusher() private readonly pushes: ModulePusher<typeof NOTIFICATIONS_PUSHES>,
  ) {}

  async of(userIds: string[]): Promise<Map<string, number>> {
    const counts = new Map(userIds.map((id) => [id, 0]));
    if (userIds.length === 0) return counts;
    const rows: { user_id: string; n: number }[] = await this.db.query(
      `SELECT user_id, unread AS n FROM notification_unread_count WHERE user_id = ANY($1::uuid[])`,
      [userIds],
    );
    for (const row of rows) counts.set(row.user_id, row.n);
    return counts;
  }

  async push(userIds: string[]): Promise<void> {
    for (const [userId, count] of await this.of(userIds)) {
      this.pushes.toUser(userId).emit('user.notification-count', count);
    }
  }
}
