/** What other modules may use of the notifications context. */
export { NotificationsModule } from './notifications.module';
export { NOTIFICATIONS_MANIFEST } from './notifications.manifest';
