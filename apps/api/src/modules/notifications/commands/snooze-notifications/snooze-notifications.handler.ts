import { CommandHandler, type ICommandHandler, QueryBus } from '@nestjs/cqrs';
import type { SnoozeState } from '@teaminbox/contracts';
import { EventSourcedRepository } from '../../../../platform/event-sourcing';
import { notificationInboxDecider, notificationInboxStreamId } from '../../domain/notification-inbox.decider';
import { NOTIFICATION_LIST_PROJECTION } from '../../projections/notification-list/notification-list.projection';
import { GetSnoozeQuery } from '../../queries/get-snooze/get-snooze.query';
import { SnoozeNotificationsCommand } from './snooze-notifications.command';

@CommandHandler(SnoozeNotificationsCommand)
export class SnoozeNotificationsHandler implements ICommandHandler<SnoozeNotificationsCommand, SnoozeState> {
  constructor(
    private readonly repository: EventSourcedRepository,
    private readonly queries: QueryBus,
  ) {}

  async execute({ userId, minutes }: SnoozeNotificationsCommand): Promise<SnoozeState> {
    const now = new Date();
    await this.repository.decide(
      notificationInboxStreamId(userId),
      notificationInboxDecider,
      minutes === null
        ? { type: 'UnsnoozeNotifications', userId, now }
        : { type: 'SnoozeNotifications', userId, minutes, now },
      { teamId: null, retries: 3, waitFor: [NOTIFICATION_LIST_PROJECTION] },
    );
    return this.queries.execute(new GetSnoozeQuery(userId));
  }
}
