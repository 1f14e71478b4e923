import { type IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import {
  DEFAULT_NOTIFICATION_TYPE_SETTINGS,
  defaultNotificationPreferences,
  NOTIFICATION_TYPES,
  type NotificationSettings,
  type NotificationTypeSettings,
} from '@teaminbox/contracts';
import { DataSource } from 'typeorm';
import { EmailMutes } from '../../../conversations';
import type { NotificationPreferences } from '../../domain/notification-settings.decider';
import { GetNotificationSettingsQuery } from './get-notification-settings.query';

interface NotificationSettingsRow {
  id: string;
  use_threads: boolean;
  share_comments_across_thread: boolean;
  email_notifications_enabled: boolean;
  browser_push_enabled: boolean;
  slack_notifications_enabled: boolean;
  slack_webhook_url: string;
  html_signature: string;
  notification_types: Partial<Record<string, Partial<NotificationTypeSettings>>>;
  slack_disabled_reason: string | null;
}

function preferencesOf(row: NotificationSettingsRow): NotificationPreferences {
  const stored = row.notification_types ?? {};
  return {
    useThreads: row.use_threads,
    shareCommentsAcrossThread: row.share_comments_across_thread,
    emailNotificationsEnabled: row.email_notifications_enabled,
    browserPushEnabled: row.browser_push_enabled,
    slackNotificationsEnabled: row.slack_notifications_enabled,
    slackWebhookUrl: row.slack_webhook_url,
    htmlSignature: row.html_signature,
    notificationTypes: Object.fromEntries(
      NOTIFICATION_TYPES.map((type) => [type, { ...DEFAULT_NOTIFICATION_TYPE_SETTINGS, ...stored[type] }]),
    ) as NotificationPreferences['notificationTypes'],
  };
}

/**
 * Read from `notification_settings`, with the defaults until the first save. Muted emails come from conversations'
 * EmailMutes port (the email mute and unmute commands keep them).
 */
@QueryHandler(GetNotificationSettingsQuery)
export class GetNotificationSettingsHandler implements IQueryHandler<
  GetNotificationSettingsQuery,
  NotificationSettings
> {
  constructor(
    private readonly db: DataSource,
    private readonly mutes: EmailMutes,
  ) {}

  async execute({ caller: { userId, teamId } }: GetNotificationSettingsQuery): Promise<NotificationSettings> {
    const [row]: NotificationSettingsRow[] = await this.db.query(
      `SELECT id, use_threads, share_comments_across_thread, email_notifications_enabled, browser_push_enabled,
              slack_notifications_enabled, slack_webhook_url, html_signature, notification_types, slack_disabled_reason
         FROM notification_settings WHERE user_id = $1`,
      [userId],
    );
    return {
      id: row?.id ?? null,
      userId,
      teamId,
      ...(row ? preferencesOf(row) : defaultNotificationPreferences()),
      mutedEmailIds: teamId ? await this.mutes.mutedEmailIdsOf(userId, teamId) : [],
      slackDisabledReason: row?.slack_disabled_reason ?? null,
    };
  }
}
