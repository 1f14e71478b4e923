import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { Notification } from '@teaminbox/contracts';
import { DataSource } from 'typeorm';
import { DomainError, EventSourcedRepository, ReadYourWrites } from '../../../../platform/event-sourcing';
import { notificationInboxDecider, notificationInboxStreamId } from '../../domain/notification-inbox.decider';
import { NOTIFICATION_LIST_PROJECTION } from '../../projections/notification-list/notification-list.projection';
import { NOTIFICATION_COLUMNS, type NotificationRow, toNotification } from '../../queries/notification-rows';
import { UnreadCounts } from '../../reactions/unread-counts';
import { MarkNotificationReadCommand } from './mark-notification-read.command';

export const NOTIFICATION_NOT_FOUND = 'Notification not found';

type OwnRow = NotificationRow & { position_commit: string; position_prepare: string };

function found(row: OwnRow | undefined): OwnRow {
  if (!row) throw new DomainError('not-found', NOTIFICATION_NOT_FOUND);
  return row;
}

@CommandHandler(MarkNotificationReadCommand)
export class MarkNotificationReadHandler implements ICommandHandler<MarkNotificationReadCommand, Notification> {
  constructor(
    private readonly repository: EventSourcedRepository,
    private readonly db: DataSource,
    private readonly counts: UnreadCounts,
    private readonly readYourWrites: ReadYourWrites,
  ) {}

  async execute({ userId, notificationId }: MarkNotificationReadCommand): Promise<Notification> {
    const lookup = async (): Promise<OwnRow | undefined> =>
      (
        await this.db.query(
          `SELECT ${NOTIFICATION_COLUMNS}, position_commit::text, position_prepare::text
             FROM notification WHERE id = $1 AND user_id = $2`,
          [notificationId, userId],
        )
      )[0];
    // A notification is pushed as soon as it is appended, before the list has it: one the list does not have yet is
    // looked for again once the list has everything appended so far (another user's id is still not found).
    let row = await lookup();
    if (!row) {
      await this.readYourWrites.waitForHead([NOTIFICATION_LIST_PROJECTION]);
      row = await lookup();
    }
    const { read, position_commit, position_prepare } = found(row);
    await this.repository.decide(
      notificationInboxStreamId(userId),
      notificationInboxDecider,
      {
        type: 'MarkNotificationRead',
        userId,
        notification: {
          notificationId,
          read,
          position: { commit: BigInt(position_commit), prepare: BigInt(position_prepare) },
        },
        now: new Date(),
      },
      { teamId: null, retries: 3, waitFor: [NOTIFICATION_LIST_PROJECTION] },
    );
    await this.counts.push([userId]);
    return toNotification(found(await lookup()));
  }
}
