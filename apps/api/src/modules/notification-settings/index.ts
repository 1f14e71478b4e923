/** What other modules may use of the notification-settings context. */
export { NotificationSettingsModule } from './notification-settings.module';
export { RecordSlackDeliveryCommand } from './commands/record-slack-delivery/record-slack-delivery.command';
export { MemberNotificationSettings, type MemberChannelSettings } from './queries/member-notification-settings';
export { NOTIFICATION_SETTINGS_MANIFEST } from './notification-settings.manifest';
