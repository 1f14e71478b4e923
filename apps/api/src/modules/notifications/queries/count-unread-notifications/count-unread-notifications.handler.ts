import { type IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { UnreadCounts } from '../../reactions/unread-counts';
import { CountUnreadNotificationsQuery } from './count-unread-notifications.query';

@QueryHandler(CountUnreadNotificationsQuery)
export class CountUnreadNotificationsHandler implements IQueryHandler<CountUnreadNotificationsQuery, number> {
  constructor(private readonly counts: UnreadCounts) {}

  async execute({ userId }: CountUnreadNotificationsQuery): Promise<number> {
    return (await this.counts.of([userId])).get(userId) ?? 0;
  }
}
