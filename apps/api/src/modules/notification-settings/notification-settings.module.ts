import { FeatureModule } from '../../platform/module-manifest/manifest';
import { ConversationsModule } from '../conversations';
import { NotificationSettingsController } from './http/notification-settings.controller';
import { MemberNotificationSettings } from './queries/member-notification-settings';
import { NOTIFICATION_SETTINGS_MANIFEST } from './notification-settings.manifest';

@FeatureModule(NOTIFICATION_SETTINGS_MANIFEST, {
  imports: [ConversationsModule],
  controllers: [NotificationSettingsController],
  providers: [MemberNotificationSettings],
  exports: [MemberNotificationSettings],
})
export class NotificationSettingsModule {}
