import { Injectable } from '@nestjs/common';
import {
  DEFAULT_NOTIFICATION_TYPE_SETTINGS,
  defaultNotificationPreferences,
  NOTIFICATION_TYPES,
  type NotificationSettings,
  type NotificationTypeSettings,
  type TNotificationSettingsRequest,
} from '@teaminbox/contracts';
import { DataSource } from 'typeorm';
import { v7 as uuidv7 } from 'uuid';
import { UserDirectory } from '../identity';
import { newCorrelationId, EventSourcedRepository, ReadYourWrites } from '../../platform/event-sourcing';
import {
  type NotificationPreferences,
  type NotificationSettingsCommand,
  notificationSettingsDecider,
  notificationSettingsStreamId,
} from './domain/notification-settings.decider';
import { NOTIFICATION_SETTINGS_PROJECTION } from './projections/notification-settings.projection';

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
 * A user's notification settings: saved as a whole on `notification-settings-<userId>`, read from
 * `notification_settings`, with the defaults until the first save. Muted emails are read from `email_mute`,
 * which the email mute and unmute commands keep.
 */
@Injectable()
export class NotificationSettingsService {
  constructor(
    private readonly directory: UserDirectory,
    private readonly repository: EventSourcedRepository,
    private readonly readYourWrites: ReadYourWrites,
    private readonly db: DataSource,
  ) {}

  async get(userId: string): Promise<NotificationSettings> {
    const teamId = await this.directory.teamOf(userId);
    const [row]: NotificationSettingsRow[] = await this.db.query(
      `SELECT id, use_threads, share_comments_across_thread, email_notifications_enabled, browser_push_enabled,
              slack_notifications_enabled, slack_webhook_url, html_signature, notification_types
         FROM notification_settings WHERE user_id = $1`,
      [userId],
    );
    return {
      id: row?.id ?? null,
      userId,
      teamId,
      ...(row ? preferencesOf(row) : defaultNotificationPreferences()),
      mutedEmailIds: teamId ? await this.mutedEmailIds(userId, teamId) : [],
    };
  }

  async save(userId: string, body: TNotificationSettingsRequest): Promise<NotificationSettings> {
    const teamId = await this.directory.teamOf(userId);
    const command: NotificationSettingsCommand = {
      type: 'SaveNotificationSettings',
      userId,
      teamId,
      settingsId: uuidv7(),
      preferences: body,
    };
    const appended = await this.repository.decide(
      notificationSettingsStreamId(userId),
      notificationSettingsDecider,
      command,
      {
        actorUserId: userId,
        teamId,
        correlationId: newCorrelationId(),
      },
    );
    await this.readYourWrites.waitFor(appended?.position, [NOTIFICATION_SETTINGS_PROJECTION]);
    return this.get(userId);
  }

  /** The emails of the caller's team the caller muted, oldest email first (ids are time-ordered). */
  private async mutedEmailIds(userId: string, teamId: string): Promise<string[]> {
    const rows: { email_id: string }[] = await this.db.query(
      'SELECT email_id FROM email_mute WHERE user_id = $1 AND team_id = $2 ORDER BY email_id',
      [userId, teamId],
    );
    return rows.map((row) => row.email_id);
  }
}
