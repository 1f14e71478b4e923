import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler, QueryBus } from '@nestjs/cqrs';
import { type NotificationSettings, SLACK_WEBHOOK_NOT_ALLOWED_MESSAGE } from '@teaminbox/contracts';
import { v7 as uuidv7 } from 'uuid';
import { APP_CONFIG, type AppConfig } from '../../../../platform/config/app-config';
import { DomainError, EventSourcedRepository } from '../../../../platform/event-sourcing';
import { assertOutboundUrlAllowed, hostGuardOf, OutboundUrlNotAllowedError } from '../../../../platform/net';
import { notificationSettingsDecider, notificationSettingsStreamId } from '../../domain/notification-settings.decider';
import { NOTIFICATION_SETTINGS_PROJECTION } from '../../projections/notification-settings.projection';
import { GetNotificationSettingsQuery } from '../../queries/get-notification-settings/get-notification-settings.query';
import { SaveNotificationSettingsCommand } from './save-notification-settings.command';

/**
 * Saved on `notification-settings-<userId>`; saving what is stored already appends nothing. A Slack webhook whose
 * host is (or resolves to) a private, loopback or reserved address is refused (the SSRF guard runs again at send).
 */
@CommandHandler(SaveNotificationSettingsCommand)
export class SaveNotificationSettingsHandler implements ICommandHandler<
  SaveNotificationSettingsCommand,
  NotificationSettings
> {
  constructor(
    private readonly repository: EventSourcedRepository,
    private readonly queries: QueryBus,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async execute({ caller, request }: SaveNotificationSettingsCommand): Promise<NotificationSettings> {
    const { userId, teamId } = caller;
    if (request.slackWebhookUrl) {
      try {
        await assertOutboundUrlAllowed(request.slackWebhookUrl, hostGuardOf(this.config));
      } catch (error) {
        if (error instanceof OutboundUrlNotAllowedError)
          throw new DomainError('invalid', SLACK_WEBHOOK_NOT_ALLOWED_MESSAGE);
        throw error;
      }
    }
    await this.repository.decide(
      notificationSettingsStreamId(userId),
      notificationSettingsDecider,
      { type: 'SaveNotificationSettings', userId, teamId, settingsId: uuidv7(), preferences: request },
      { waitFor: [NOTIFICATION_SETTINGS_PROJECTION] },
    );
    return this.queries.execute(new GetNotificationSettingsQuery(caller));
  }
}
