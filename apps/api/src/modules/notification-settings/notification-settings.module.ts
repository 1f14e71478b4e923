import { Module, type OnModuleInit } from '@nestjs/common';
import { ProjectionRunner } from '../../platform/projections/projection-runner';
import { ConversationsModule } from '../conversations';
import { RecordSlackDeliveryHandler } from './commands/record-slack-delivery/record-slack-delivery.handler';
import { SaveNotificationSettingsHandler } from './commands/save-notification-settings/save-notification-settings.handler';
import { NotificationSettingsController } from './http/notification-settings.controller';
import { NotificationSettingsProjection } from './projections/notification-settings.projection';
import { GetNotificationSettingsHandler } from './queries/get-notification-settings/get-notification-settings.handler';
import { MemberNotificationSettings } from './queries/member-notification-settings';

@Module({
  imports: [ConversationsModule],
  controllers: [NotificationSettingsController],
  providers: [
    NotificationSettingsProjection,
    SaveNotificationSettingsHandler,
    RecordSlackDeliveryHandler,
    GetNotificationSettingsHandler,
    MemberNotificationSettings,
  ],
  exports: [MemberNotificationSettings],
})
export class NotificationSettingsModule implements OnModuleInit {
  constructor(
    private readonly runner: ProjectionRunner,
    private readonly projection: NotificationSettingsProjection,
  ) {}

  onModuleInit(): void {
    this.runner.registerProjection(this.projection);
  }
}
