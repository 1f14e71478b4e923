import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { SuccessMessageResponse } from '@teaminbox/contracts';
import { DataSource } from 'typeorm';
import { EventSourcedRepository, ReadYourWrites } from '../../../../platform/event-sourcing';
import { notificationInboxDecider, notificationInboxStreamId } from '../../domain/notification-inbox.decider';
import { NOTIFICATION_LIST_PROJECTION } from '../../projections/notification-list/notification-list.projection';
import { UnreadCounts } from '../../reactions/unread-counts';
import { MarkAllNotificationsReadCommand } from './mark-all-notifications-read.command';

@CommandHandler(MarkAllNotificationsReadCommand)
export class MarkAllNotificationsReadHandler implements ICommandHandler<
  MarkAllNotificationsReadCommand,
  SuccessMessageResponse
> {
  constructor(
    private readonly repository: EventSourcedRepository,
    private readonly db: DataSource,
    private readonly counts: UnreadCounts,
    private readonly readYourWrites: ReadYourWrites,
  ) {}

  async execute({ userId }: MarkAllNotificationsReadCommand): Promise<SuccessMessageResponse> {
    // "All" is all the user may have been shown: the notifications pushed live before the list had them too.
    await this.readYourWrites.waitForHead([NOTIFICATION_LIST_PROJECTION]);
    const [newest]: { commit: string; prepare: string }[] = await this.db.query(
      `SELECT position_commit::text AS commit, position_prepare::text AS prepare FROM notification
        WHERE user_id = $1 AND NOT read ORDER BY position_commit DESC, position_prepare DESC LIMIT 1`,
      [userId],
    );
    await this.repository.decide(
      notificationInboxStreamId(userId),
      notificationInboxDecider,
      {
        type: 'MarkAllNotificationsRead',
        userId,
        newest: newest ? { commit: BigInt(newest.commit), prepare: BigInt(newest.prepare) } : null,
        now: new Date(),
      },
      { teamId: null, retries: 3, waitFor: [NOTIFICATION_LIST_PROJECTION] },
    );
    await this.counts.push([userId]);
    return { success: true, message: 'All notifications marked as read' };
  }
}
