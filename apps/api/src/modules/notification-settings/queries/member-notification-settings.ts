import { Injectable } from '@nestjs/common';
import {
  DEFAULT_NOTIFICATION_TYPE_SETTINGS,
  defaultNotificationPreferences,
  NOTIFICATION_TYPES,
  type NotificationType,
  type NotificationTypeSettings,
} from '@teaminbox/contracts';
import { DataSource } from 'typeorm';

/** What decides which channels bring a member which notifications. */
export interface MemberChannelSettings {
  emailNotificationsEnabled: boolean;
  browserPushEnabled: boolean;
  slackNotificationsEnabled: boolean;
  slackWebhookUrl: string;
  notificationTypes: Record<NotificationType, NotificationTypeSettings>;
}

interface ChannelRow {
  email_notifications_enabled: boolean | null;
  browser_push_enabled: boolean | null;
  slack_notifications_enabled: boolean | null;
  slack_webhook_url: string | null;
  notification_types: Partial<Record<string, Partial<NotificationTypeSettings>>> | null;
}

function channelSettingsOf(row: ChannelRow): MemberChannelSettings {
  const defaults = defaultNotificationPreferences();
  const stored = row.notification_types ?? {};
  return {
    emailNotificationsEnabled: row.email_notifications_enabled ?? defaults.emailNotificationsEnabled,
    browserPushEnabled: row.browser_push_enabled ?? defaults.browserPushEnabled,
    slackNotificationsEnabled: row.slack_notifications_enabled ?? defaults.slackNotificationsEnabled,
    slackWebhookUrl: row.slack_webhook_url ?? '',
    notificationTypes: Object.fromEntries(
      NOTIFICATION_TYPES.map((type) => [type, { ...DEFAULT_NOTIFICATION_TYPE_SETTINGS, ...stored[type] }]),
    ) as MemberChannelSettings['notificationTypes'],
  };
}

/**
 * The read port of the members' notification settings (table `notification_settings`, written by the
 * notification-settings projection) for other modules: the settings as they are now, the defaults until the member
 * first saves.
 */
@Injectable()
export class MemberNotificationSettings {
  constructor(private readonly db: DataSource) {}

  /** The channel settings of each member of these teams, by user id (one query for the batch). */
  async ofTeams(teamIds: readonly string[]): Promise<Map<string, MemberChannelSettings>> {
    const members = new Map<string, MemberChannelSettings>();
    if (teamIds.length === 0) return members;
    const rows: (ChannelRow & { id: string })[] = await this.db.query(
      `SELECT u.id, s.email_notifications_enabled, s.browser_push_enabled, s.slack_notifications_enabled,
              s.slack_webhook_url, s.notification_types
         FROM users u LEFT JOIN notification_settings s ON s.user_id = u.id
        WHERE u.team_id = ANY($1::uuid[])`,
      [[...new Set(teamIds)]],
    );
    for (const row of rows) members.set(row.id, channelSettingsOf(row));
    return members;
  }

  /** The member's Slack channel as it is now (null: the member never saved settings). */
  async slackOf(userId: string): Promise<{ enabled: boolean; webhookUrl: string } | null> {
    const [row]: { slack_notifications_enabled: boolean; slack_webhook_url: string }[] = await this.db.query(
      'SELECT slack_notifications_enabled, slack_webhook_url FROM notification_settings WHERE user_id = $1',
      [userId],
    );
    return row ? { enabled: row.slack_notifications_enabled, webhookUrl: row.slack_webhook_url } : null;
  }
}
