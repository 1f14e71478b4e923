import { CommandHandler, type ICommandHandler, QueryBus } from '@nestjs/cqrs';
import type { NotificationSettings } from '@teaminbox/contracts';
import { v7 as uuidv7 } from 'uuid';
import { EventSourcedRepository } from '../../../../platform/event-sourcing';
import { notificationSettingsDecider, notificationSettingsStreamId } from '../../domain/notification-settings.decider';
import { NOTIFICATION_SETTINGS_PROJECTION } from '../../projections/notification-settings.projection';
import { GetNotificationSettingsQuery } from '../../queries/get-notification-settings/get-notification-settings.query';
import { SaveNotificationSettingsCommand } from './save-notification-settings.command';

/** Saved on `notification-settings-<userId>`; saving what is stored already appends nothing. */
@CommandHandler(SaveNotificationSettingsCommand)
export class SaveNotificationSettingsHandler implements ICommandHandler<
  SaveNotificationSettingsCommand,
  NotificationSettings
> {
  constructor(
    private readonly repository: EventSourcedRepository,
    private readonly queries: QueryBus,
  ) {}

  async execute({ caller, request }: SaveNotificationSettingsCommand): Promise<NotificationSettings> {
    const { userId, teamId } = caller;
    await this.repository.decide(
      notificationSettingsStreamId(userId),
      notificationSettingsDecider,
      { type: 'SaveNotificationSettings', userId, teamId, settingsId: uuidv7(), preferences: request },
      { waitFor: [NOTIFICATION_SETTINGS_PROJECTION] },
    );
    return this.queries.execute(new GetNotificationSettingsQuery(caller));
  }
}
