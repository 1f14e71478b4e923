import { z } from 'zod';
import type { UserLanguage } from '../conversations/collaboration.schemas';

/* ------------------------------------------------------------------------------------------------
 * Notification settings (GET/PUT /notification-settings), one object per user
 * ---------------------------------------------------------------------------------------------- */

export const NOTIFICATION_TYPES = ['EMAIL_RECEIVED', 'TASK_ASSIGNED', 'COMMENT_ADDED'] as const;
export type NotificationType = (typeof NOTIFICATION_TYPES)[number];

/**
 * The types of a returned task: `SNOOZE_ENDED` (a snoozed email is back at its time) and `REMINDER_DUE` (a reply's
 * "Remind me if no answer by" found no answer). The settings have the spec's three types: these two follow the
 * settings of TASK_ASSIGNED (switched off, nothing; its channels), and the list shows them with the bell icon.
 */
export const RETURNED_TASK_NOTIFICATION_TYPES = ['SNOOZE_ENDED', 'REMINDER_DUE'] as const;
export type ReturnedTaskNotificationType = (typeof RETURNED_TASK_NOTIFICATION_TYPES)[number];

/** The type of a notification: one of the settings' types or a returned task's. */
export type NotificationKind = NotificationType | ReturnedTaskNotificationType;

/** The settings' type a notification of this type follows. */
export const settingsTypeOf = (type: NotificationKind): NotificationType =>
  type === 'SNOOZE_ENDED' || type === 'REMINDER_DUE' ? 'TASK_ASSIGNED' : type;

/**
 * The message of a notification when its type has no custom message. Placeholders: {subject} and {sender}
 * (new emails), {taskName} (assigned tasks), {emailSubject} (comments).
 */
export const DEFAULT_NOTIFICATION_MESSAGES: Readonly<Record<NotificationType, string>> = {
  EMAIL_RECEIVED: 'New e-mail from {sender}: {subject}',
  TASK_ASSIGNED: 'You were assigned: {taskName}',
  COMMENT_ADDED: 'New comment on {emailSubject}',
};

/** The default messages in each interface language (English is DEFAULT_NOTIFICATION_MESSAGES). */
export const DEFAULT_NOTIFICATION_MESSAGES_BY_LANGUAGE: Readonly<
  Record<UserLanguage, Readonly<Record<NotificationType, string>>>
> = {
  en: DEFAULT_NOTIFICATION_MESSAGES,
  cs: {
    EMAIL_RECEIVED: 'Nový e-mail od {sender}: {subject}',
    TASK_ASSIGNED: 'Byl vám přidělen úkol: {taskName}',
    COMMENT_ADDED: 'Nový komentář k {emailSubject}',
  },
};

/** The title of a notification of each type, in each interface language. */
export const NOTIFICATION_TITLES: Readonly<Record<UserLanguage, Readonly<Record<NotificationType, string>>>> = {
  en: { EMAIL_RECEIVED: 'New e-mail', TASK_ASSIGNED: 'Task assigned', COMMENT_ADDED: 'New comment' },
  cs: { EMAIL_RECEIVED: 'Nový e-mail', TASK_ASSIGNED: 'Přidělený úkol', COMMENT_ADDED: 'Nový komentář' },
};

export const NOTIFICATION_CUSTOM_MESSAGE_MAX_LENGTH = 500;
/** 20 kB, counted in characters. */
export const HTML_SIGNATURE_MAX_LENGTH = 20_000;
export const SLACK_WEBHOOK_URL_MAX_LENGTH = 2_000;

export interface NotificationTypeSettings {
  enabled: boolean;
  emailEnabled: boolean;
  browserPushEnabled: boolean;
  slackEnabled: boolean;
  /** null: the type's default message (DEFAULT_NOTIFICATION_MESSAGES). */
  customMessage: string | null;
}

/** The switches and texts of a user's notification settings. */
export interface NotificationPreferenceFlags {
  useThreads: boolean;
  shareCommentsAcrossThread: boolean;
  emailNotificationsEnabled: boolean;
  browserPushEnabled: boolean;
  slackNotificationsEnabled: boolean;
  /** An https URL, or '' when none is set. */
  slackWebhookUrl: string;
  /** Stored as given; sanitized when a reply carrying it is rendered or sent. */
  htmlSignature: string;
}

export interface NotificationSettings extends NotificationPreferenceFlags {
  /** null until the user first saves; the defaults are answered until then. */
  id: string | null;
  userId: string;
  /** The caller's current team (null without one). */
  teamId: string | null;
  /** Read-only: the emails the user muted (PUT /emails/{id}/notifications/mute and unmute own them). */
  mutedEmailIds: string[];
  /**
   * Read-only: why Slack notifications were switched off by the product (the webhook kept refusing deliveries),
   * null otherwise. Saving the settings with Slack on clears it.
   */
  slackDisabledReason: string | null;
  notificationTypes: Record<NotificationType, NotificationTypeSettings>;
}

/** The settings of a type the user never set: enabled, email and push on, Slack off, the default message. */
export const DEFAULT_NOTIFICATION_TYPE_SETTINGS: Readonly<NotificationTypeSettings> = {
  enabled: true,
  emailEnabled: true,
  browserPushEnabled: true,
  slackEnabled: false,
  customMessage: null,
};

/** The editable part of the settings with the values a user who never saved gets. */
export function defaultNotificationPreferences(): Omit<
  NotificationSettings,
  'id' | 'userId' | 'teamId' | 'mutedEmailIds' | 'slackDisabledReason'
> {
  return {
    useThreads: true,
    shareCommentsAcrossThread: true,
    emailNotificationsEnabled: true,
    browserPushEnabled: true,
    slackNotificationsEnabled: false,
    slackWebhookUrl: '',
    htmlSignature: '',
    notificationTypes: {
      EMAIL_RECEIVED: { ...DEFAULT_NOTIFICATION_TYPE_SETTINGS },
      TASK_ASSIGNED: { ...DEFAULT_NOTIFICATION_TYPE_SETTINGS },
      COMMENT_ADDED: { ...DEFAULT_NOTIFICATION_TYPE_SETTINGS },
    },
  };
}

export const SLACK_WEBHOOK_URL_MESSAGE = 'The Slack webhook URL must be an https:// URL';
/** A webhook on a private, loopback or reserved address (checked when saved and again at every delivery). */
export const SLACK_WEBHOOK_NOT_ALLOWED_MESSAGE = 'The Slack webhook URL must be a public address';

/** true or false, or the default when absent; a clear message names the field otherwise. */
const flag = (field: string, defaultValue: boolean) =>
  z.boolean(`${field} must be true or false`).default(defaultValue);

/**
 * '' (no webhook) or an absolute https URL with a host and no credentials. It is only stored: nothing fetches
 * it when settings are saved.
 */
const ZSlackWebhookUrl = z
  .string(SLACK_WEBHOOK_URL_MESSAGE)
  .trim()
  .max(SLACK_WEBHOOK_URL_MAX_LENGTH, `The Slack webhook URL is limited to ${SLACK_WEBHOOK_URL_MAX_LENGTH} characters`)
  .pipe(
    z.union(
      [
        z.literal(''),
        z
          .url({ protocol: /^https$/, error: SLACK_WEBHOOK_URL_MESSAGE })
          .regex(/^https:\/\/[^\s/?#@]+(?:[/?#]\S*)?$/i, SLACK_WEBHOOK_URL_MESSAGE),
      ],
      { error: SLACK_WEBHOOK_URL_MESSAGE },
    ),
  );

const ZNotificationTypeSettings = (type: NotificationType) =>
  z
    .object(
      {
        enabled: flag(`notificationTypes.${type}.enabled`, DEFAULT_NOTIFICATION_TYPE_SETTINGS.enabled),
        emailEnabled: flag(`notificationTypes.${type}.emailEnabled`, DEFAULT_NOTIFICATION_TYPE_SETTINGS.emailEnabled),
        browserPushEnabled: flag(
          `notificationTypes.${type}.browserPushEnabled`,
          DEFAULT_NOTIFICATION_TYPE_SETTINGS.browserPushEnabled,
        ),
        slackEnabled: flag(`notificationTypes.${type}.slackEnabled`, DEFAULT_NOTIFICATION_TYPE_SETTINGS.slackEnabled),
        customMessage: z
          .string(`notificationTypes.${type}.customMessage must be text`)
          .trim()
          .max(
            NOTIFICATION_CUSTOM_MESSAGE_MAX_LENGTH,
            `A custom message is limited to ${NOTIFICATION_CUSTOM_MESSAGE_MAX_LENGTH} characters`,
          )
          .nullish()
          .transform((value) => (value ? value : null)),
      },
      `notificationTypes.${type} must be an object`,
    )
    .optional()
    .transform((value) => value ?? { ...DEFAULT_NOTIFICATION_TYPE_SETTINGS });

/**
 * PUT /notification-settings: the whole object; a missing field or type takes its default. `id`, `userId`,
 * `teamId` and `mutedEmailIds` may be sent back as they were read and are ignored, like unknown types.
 */
export const ZNotificationSettingsRequest = z.object({
  useThreads: flag('useThreads', true),
  shareCommentsAcrossThread: flag('shareCommentsAcrossThread', true),
  emailNotificationsEnabled: flag('emailNotificationsEnabled', true),
  browserPushEnabled: flag('browserPushEnabled', true),
  slackNotificationsEnabled: flag('slackNotificationsEnabled', false),
  slackWebhookUrl: ZSlackWebhookUrl.nullish().transform((value) => value ?? ''),
  htmlSignature: z
    .string('htmlSignature must be text')
    .max(HTML_SIGNATURE_MAX_LENGTH, 'The HTML signature is limited to 20 kB')
    .nullish()
    .transform((value) => value ?? ''),
  notificationTypes: z
    .object(
      {
        EMAIL_RECEIVED: ZNotificationTypeSettings('EMAIL_RECEIVED'),
        TASK_ASSIGNED: ZNotificationTypeSettings('TASK_ASSIGNED'),
        COMMENT_ADDED: ZNotificationTypeSettings('COMMENT_ADDED'),
      },
      'notificationTypes must be an object keyed by notification type',
    )
    .optional()
    .transform((value) => value ?? defaultNotificationPreferences().notificationTypes),
});
export type TNotificationSettingsRequest = z.infer<typeof ZNotificationSettingsRequest>;
