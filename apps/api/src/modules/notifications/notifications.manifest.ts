import { defineModuleManifest, type PushName } from '../../platform/module-manifest/manifest';
import { MarkAllNotificationsReadHandler } from './commands/mark-all-notifications-read/mark-all-notifications-read.handler';
import { MarkNotificationReadHandler } from './commands/mark-notification-read/mark-notification-read.handler';
import { RemoveExpiredPushSubscriptionHandler } from './commands/remove-expired-push-subscription/remove-expired-push-subscription.handler';
import { SnoozeNotificationsHandler } from './commands/snooze-notifications/snooze-notifications.handler';
import { SubscribeToPushHandler } from './commands/subscribe-to-push/subscribe-to-push.handler';
import { UnsubscribeFromPushHandler } from './commands/unsubscribe-from-push/unsubscribe-from-push.handler';
import { NotificationListProjection } from './projections/notification-list/notification-list.projection';
import { PushSubscriptionProjection } from './projections/push-subscription/push-subscription.projection';
import { CountUnreadNotificationsHandler } from './queries/count-unread-notifications/count-unread-notifications.handler';
import { GetSnoozeHandler } from './queries/get-snooze/get-snooze.handler';
import { ListNotificationsHandler } from './queries/list-notifications/list-notifications.handler';
import { ListUnreadNotificationsHandler } from './queries/list-notifications/list-notifications.handler';
import { DeliverNotificationsReaction } from './reactions/deliver-notifications.reaction';
import { NotifyRecipientsProcessManager } from './reactions/notify-recipients.process-manager';

/**
 * The socket pushes the module sends: its manifest's `pushes`. Its ModulePusher (`@InjectPusher()`) sends these and
 * no other.
 */
export const NOTIFICATIONS_PUSHES = [
  'user.notifications',
  'user.notification-count',
] as const satisfies readonly PushName[];

/** A member's notifications and their delivery: what the module brings to the application (docs/ARCHITECTURE.md, "Module manifests"). */
export const NOTIFICATIONS_MANIFEST = defineModuleManifest({
  name: 'notifications',
  events: [
    'NotificationsCreated',
    'NotificationRead',
    'AllNotificationsRead',
    'NotificationsSnoozed',
    'NotificationsUnsnoozed',
    'PushSubscriptionAdded',
    'PushSubscriptionRemoved',
  ],
  projections: [NotificationListProjection, PushSubscriptionProjection],
  reactions: [NotifyRecipientsProcessManager, DeliverNotificationsReaction],
  commandHandlers: [
    MarkNotificationReadHandler,
    MarkAllNotificationsReadHandler,
    SnoozeNotificationsHandler,
    SubscribeToPushHandler,
    UnsubscribeFromPushHandler,
    RemoveExpiredPushSubscriptionHandler,
  ],
  queryHandlers: [
    ListNotificationsHandler,
    ListUnreadNotificationsHandler,
    CountUnreadNotificationsHandler,
    GetSnoozeHandler,
  ],
  pushes: NOTIFICATIONS_PUSHES,
});
