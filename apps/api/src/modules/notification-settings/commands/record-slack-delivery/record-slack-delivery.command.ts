import { Command } from '@nestjs/cqrs';
import type { RecordSlackDelivery } from '../../domain/notification-settings.decider';

/** Records how the user's Slack webhook answered a notification (the notification channel sends it). */
export class RecordSlackDeliveryCommand extends Command<void> {
  constructor(
    readonly userId: string,
    readonly webhookUrl: string,
    readonly outcome: RecordSlackDelivery['outcome'],
  ) {
    super();
  }
}
