import { Injectable } from '@nestjs/common';
import type { NotificationEventMap, PersonalEventMap } from '@teaminbox/contracts';
import type { EntityManager } from 'typeorm';
import type { StoredEvent } from '../../../platform/event-store/event-store.port';
import type { Projection } from '../../../platform/projections/projection';
import { NOTIFICATION_SETTINGS_EVENT_TYPES } from '../domain/notification-settings.decider';

export const NOTIFICATION_SETTINGS_PROJECTION = 'notification-settings';

/**
 * Writes `notification_settings`: the last saved settings of each user, and Slack switched off (with the reason) when
 * its webhook kept refusing deliveries.
 */
@Injectable()
export class NotificationSettingsProjection implements Projection {
  readonly name = NOTIFICATION_SETTINGS_PROJECTION;
  readonly eventTypes = NOTIFICATION_SETTINGS_EVENT_TYPES;

  async handle(events: StoredEvent[], tx: EntityManager): Promise<void> {
    for (const event of events) {
      if (event.type === 'SlackNotificationsSwitchedOff') {
        const off = event.data as NotificationEventMap['SlackNotificationsSwitchedOff'];
        await tx.query(
          `UPDATE notification_settings SET slack_notifications_enabled = false, slack_disabled_reason = $2,
             updated_at = $3 WHERE user_id = $1`,
          [off.userId, off.reason, event.recordedAt],
        );
        continue;
      }
      if (event.type !== 'NotificationSettingsSaved') continue;
      const s = event.data as PersonalEventMap['NotificationSettingsSaved'];
      await tx.query(
        `INSERT INTO notification_settings (user_id, id, team_id, use_threads, share_comments_across_thread,
           email_notifications_enabled, browser_push_enabled, slack_notifications_enabled, slack_webhook_url,
           html_signature, notification_types, updated_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12)
         ON CONFLICT (user_id) DO UPDATE SET
           team_id = $3, use_threads = $4, share_comments_across_thread = $5, email_notifications_enabled = $6,
           browser_push_enabled = $7, slack_notifications_enabled = $8, slack_webhook_url = $9,
           html_signature = $10, notification_types = $11, updated_at = $12, slack_disabled_reason = NULL`,
        [
          s.userId,
          s.settingsId,
          s.teamId,
          s.useThreads,
          s.shareCommentsAcrossThread,
          s.emailNotificationsEnabled,
          s.browserPushEnabled,
          s.slackNotificationsEnabled,
          s.slackWebhookUrl,
          s.htmlSignature,
          JSON.stringify(s.notificationTypes),
          event.recordedAt,
        ],
      );
    }
  }

  async reset(tx: EntityManager): Promise<void> {
    await tx.query('TRUNCATE notification_settings');
  }
}
