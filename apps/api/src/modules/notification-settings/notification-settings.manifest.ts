import { defineModuleManifest } from '../../platform/module-manifest/manifest';
import { RecordSlackDeliveryHandler } from './commands/record-slack-delivery/record-slack-delivery.handler';
import { SaveNotificationSettingsHandler } from './commands/save-notification-settings/save-notification-settings.handler';
import { NotificationSettingsProjection } from './projections/notification-settings.projection';
import { GetNotificationSettingsHandler } from './queries/get-notification-settings/get-notification-settings.handler';

/** A member's notification settings and the Slack delivery state: what the module brings to the application (docs/ARCHITECTURE.md, "Module manifests"). */
export const NOTIFICATION_SETTINGS_MANIFEST = defineModuleManifest({
  name: 'notification-settings',
  events: [
    'SlackDeliveryFailed',
    'SlackDeliveryRecovered',
    'SlackNotificationsSwitchedOff',
    'NotificationSettingsSaved',
  ],
  projections: [NotificationSettingsProjection],
  reactions: [],
  commandHandlers: [SaveNotificationSettingsHandler, RecordSlackDeliveryHandler],
  queryHandlers: [GetNotificationSettingsHandler],
  pushes: [],
});
