import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { EventSourcedRepository } from '../../../../platform/event-sourcing';
import { notificationSettingsDecider, notificationSettingsStreamId } from '../../domain/notification-settings.decider';
import { RecordSlackDeliveryCommand } from './record-slack-delivery.command';

/** On `notification-settings-<userId>`, decided again when the user saved at the same moment. */
@CommandHandler(RecordSlackDeliveryCommand)
export class RecordSlackDeliveryHandler implements ICommandHandler<RecordSlackDeliveryCommand, void> {
  constructor(private readonly repository: EventSourcedRepository) {}

  async execute({ userId, webhookUrl, outcome }: RecordSlackDeliveryCommand): Promise<void> {
    await this.repository.decide(
      notificationSettingsStreamId(userId),
      notificationSettingsDecider,
      { type: 'RecordSlackDelivery', userId, webhookUrl, outcome },
      { retries: 3 },
    );
  }
}
