/** What other modules may use of the notification-settings context. */
export { NotificationSettingsModule } from './notification-settings.module';
