import { type IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import type { SnoozeState } from '@teaminbox/contracts';
import { DataSource } from 'typeorm';
import { GetSnoozeQuery } from './get-snooze.query';

/** Until when the user snoozed notifications; a snooze that is over reads as none. */
@QueryHandler(GetSnoozeQuery)
export class GetSnoozeHandler implements IQueryHandler<GetSnoozeQuery, SnoozeState> {
  constructor(private readonly db: DataSource) {}

  async execute({ userId }: GetSnoozeQuery): Promise<SnoozeState> {
    const [row]: { snoozed_until: Date }[] = await this.db.query(
      'SELECT snoozed_until FROM notification_snooze WHERE user_id = $1 AND snoozed_until > now()',
      [userId],
    );
    return { snoozedUntil: row ? new Date(row.snoozed_until).toISOString() : null };
  }
}
