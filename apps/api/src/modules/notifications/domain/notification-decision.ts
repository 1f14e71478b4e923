import {
  type CreatedNotification,
  type NotificationChannels,
  type NotificationKind,
  type NotificationType,
  type NotificationTypeSettings,
  settingsTypeOf,
  type UserLanguage,
} from '@teaminbox/contracts';
import { LRUCache } from 'lru-cache';
import { parse as parseUuid, v5 as uuidv5 } from 'uuid';
import { emailValues, notificationText, returnedTaskText } from './notification-message';

/** The namespace of notification ids, parsed once (uuid parses a namespace given as text on every call). */
const NOTIFICATION_NAMESPACE = parseUuid('f3a1c2d4-5b6e-4f70-8a9b-0c1d2e3f4a5b');
/** The namespace of the ids of `NotificationsCreated` events (derived from their cause's), parsed once. */
const NOTIFICATIONS_EVENT_NAMESPACE = parseUuid('8c7d2b9e-4f1a-4d3b-9e6c-1a2b3c4d5e6f');

/**
 * The id of the `NotificationsCreated` event of a cause, and of every recipient's notification in it (a user has one
 * notification of a cause): handling the cause again gives the same id, so it is appended once and listed once.
 */
export function notificationsIdOf(causeEventId: string): string {
  return uuidv5(causeEventId, NOTIFICATIONS_EVENT_NAMESPACE);
}

/** How many recent causes' notification ids are remembered (a team of 50: ~100,000 ids). */
const REMEMBERED_CAUSES = 2_000;
/** The notification ids of recent causes, by recipient. */
const recentIds = new LRUCache<string, Map<string, string>>({ max: REMEMBERED_CAUSES });

/**
 * The id one recipient's notification had in a `NotificationsCreated` recorded before its notifications shared the
 * event's id (notificationsIdOf): derived from (cause event id, recipient), read so as long as such events are read.
 * The name goes to uuid as UTF-8 bytes, the same bytes it would make of the text, only faster. The ids of the last
 * causes are remembered: the notification list and the delivery derive the same ones moments apart.
 */
export function recipientNotificationIdOf(causeEventId: string, userId: string): string {
  let ids = recentIds.get(causeEventId);
  if (!ids) {
    ids = new Map();
    recentIds.set(causeEventId, ids);
  }
  let id = ids.get(userId);
  if (id === undefined) {
    id = uuidv5(Buffer.from(`${causeEventId}\n${userId}`, 'utf8'), NOTIFICATION_NAMESPACE);
    ids.set(userId, id);
  }
  return id;
}

/** The email a notification is about, as its cause carries it. */
export interface NotifiedEmail {
  emailId: string;
  subject: string;
  fromName: string | null;
  fromEmail: string;
}

/** What happened, reduced to what the decision needs. */
export type NotificationCause =
  | {
      type: 'EMAIL_RECEIVED';
      eventId: string;
      email: NotifiedEmail;
      /** A rule with suppressNotifications matched the email. */
      suppressedByRule: boolean;
    }
  | {
      type: 'TASK_ASSIGNED';
      eventId: string;
      email: NotifiedEmail;
      assigneeId: string;
      /** Who assigned; null when the product did (a rule). */
      actorUserId: string | null;
    }
  | {
      type: 'COMMENT_ADDED';
      eventId: string;
      email: NotifiedEmail;
      authorId: string;
      mentions: readonly string[];
      assigneeId: string | null;
    }
  | {
      /**
       * An email is back: its snooze ended ('time', type SNOOZE_ENDED) or a reply's reminder found no answer
       * ('reminder', type REMINDER_DUE). Told to its assignee, or without one to whoever snoozed it or set the
       * reminder; it follows the settings of TASK_ASSIGNED.
       */
      type: 'TASK_RETURNED';
      eventId: string;
      email: NotifiedEmail;
      /** The assignee, else who snoozed it or set the reminder. */
      assigneeId: string;
      reason: 'time' | 'reminder';
    };

/** The notification type a cause is listed under (its settings: settingsTypeOf). */
export const notificationTypeOf = (cause: NotificationCause): NotificationKind => {
  if (cause.type !== 'TASK_RETURNED') return cause.type;
  return cause.reason === 'time' ? 'SNOOZE_ENDED' : 'REMINDER_DUE';
};

/** A member's notification settings as the decision reads them (the saved ones or the defaults). */
export interface RecipientSettings {
  emailNotificationsEnabled: boolean;
  browserPushEnabled: boolean;
  slackNotificationsEnabled: boolean;
  slackWebhookUrl: string;
  notificationTypes: Record<NotificationType, NotificationTypeSettings>;
}

/** One member of the team, with everything that decides what they get. */
export interface Recipient {
  userId: string;
  settings: RecipientSettings;
  language: UserLanguage;
  onVacation: boolean;
  /** Until when the member snoozed notifications (null: not snoozed). */
  snoozedUntil: Date | null;
  /** The member muted this email (or its conversation). */
  mutedEmail: boolean;
  /** An auditor is never notified (absent: not an auditor). */
  auditor?: boolean;
}

/** Why a member gets nothing: for logs and tests. */
export type SkipReason =
  'not-a-member' | 'auditor' | 'own-action' | 'suppressed-by-rule' | 'type-disabled' | 'muted' | 'on-vacation';

export interface NotificationDecision {
  notifications: CreatedNotification[];
  skipped: { userId: string; reason: SkipReason }[];
}

export const actionUrlOf = (emailId: string) => `/admin/email-detail/${emailId}`;

/** Who a cause is for, before their settings are read. */
function candidatesOf(cause: NotificationCause, members: readonly string[]): string[] {
  switch (cause.type) {
    case 'EMAIL_RECEIVED':
      return [...members];
    case 'TASK_ASSIGNED':
    case 'TASK_RETURNED':
      return [cause.assigneeId];
    case 'COMMENT_ADDED':
      return [...new Set([...cause.mentions, ...(cause.assigneeId ? [cause.assigneeId] : [])])];
    default: {
      const unknown: never = cause;
      throw new Error(`Unknown notification cause ${String(unknown)}`);
    }
  }
}

/** The one who caused it is never notified about it. */
function actorOf(cause: NotificationCause): string | null {
  switch (cause.type) {
    case 'EMAIL_RECEIVED':
    case 'TASK_RETURNED':
      return null;
    case 'TASK_ASSIGNED':
      return cause.actorUserId;
    case 'COMMENT_ADDED':
      return cause.authorId;
  }
}

function channelsOf(settings: RecipientSettings, type: NotificationType): NotificationChannels {
  const perType = settings.notificationTypes[type];
  return {
    email: settings.emailNotificationsEnabled && perType.emailEnabled,
    push: settings.browserPushEnabled && perType.browserPushEnabled,
    slack: settings.slackNotificationsEnabled && perType.slackEnabled && settings.slackWebhookUrl !== '',
  };
}

/**
 * Who gets which notification on which channel (pure):
 * - EMAIL_RECEIVED goes to every member of the team, unless a rule suppressed it; TASK_ASSIGNED to the assignee when
 *   someone else (or a rule) assigned; COMMENT_ADDED to the members mentioned and to the assignee. An auditor is
 *   never notified (not of new mail, nor of a mention). Nobody is
 *   notified of their own action, and only members of the email's team are notified.
 * - A type the member switched off gives nothing; a muted email gives nothing but an assignment (being given the
 *   email is addressed to the member, muting is about the conversation's traffic).
 * - On vacation: no EMAIL_RECEIVED; the other types are listed in the app only (no email, Slack or browser push).
 * - Snoozed: listed and counted as usual, but silent (no pop-up), without Slack and browser push; email still goes.
 * - Channels: a channel needs both its general switch and the type's switch; Slack also needs a webhook URL.
 */
export function decideNotifications(
  cause: NotificationCause,
  members: ReadonlyMap<string, Recipient>,
  now: Date,
): NotificationDecision {
  const notifications: CreatedNotification[] = [];
  const skipped: NotificationDecision['skipped'] = [];
  const actor = actorOf(cause);
  const notificationId = notificationsIdOf(cause.eventId);
  // The same text for every recipient of a language and custom message: filled once each.
  const texts = new Map<string, { title: string; message: string }>();
  const type = notificationTypeOf(cause);
  const settingsType = settingsTypeOf(type);
  const textOf = (recipient: Recipient) => {
    // A returned task has texts of its own (an assignment's custom message speaks of being assigned).
    const customMessage =
      cause.type === 'TASK_RETURNED' ? null : recipient.settings.notificationTypes[settingsType].customMessage;
    const key = `${recipient.language}\n${customMessage ?? ''}`;
    let text = texts.get(key);
    if (!text) {
      const values = emailValues(cause.email, recipient.language);
      text =
        cause.type === 'TASK_RETURNED'
          ? returnedTaskText(cause.reason, recipient.language, values)
          : notificationText(settingsType, customMessage, recipient.language, values);
      texts.set(key, text);
    }
    return text;
  };
  for (const userId of candidatesOf(cause, [...members.keys()])) {
    const recipient = members.get(userId);
    const skip = (reason: SkipReason) => skipped.push({ userId, reason });
    if (!recipient) {
      skip('not-a-member');
      continue;
    }
    if (recipient.auditor) {
      skip('auditor');
      continue;
    }
    if (userId === actor) {
      skip('own-action');
      continue;
    }
    if (cause.type === 'EMAIL_RECEIVED' && cause.suppressedByRule) {
      skip('suppressed-by-rule');
      continue;
    }
    if (!recipient.settings.notificationTypes[settingsType].enabled) {
      skip('type-disabled');
      continue;
    }
    if (recipient.mutedEmail && settingsType !== 'TASK_ASSIGNED') {
      skip('muted');
      continue;
    }
    if (recipient.onVacation && cause.type === 'EMAIL_RECEIVED') {
      skip('on-vacation');
      continue;
    }
    const silent = recipient.snoozedUntil !== null && recipient.snoozedUntil.getTime() > now.getTime();
    const wanted = channelsOf(recipient.settings, settingsType);
    const channels: NotificationChannels = recipient.onVacation
      ? { email: false, slack: false, push: false }
      : { email: wanted.email, slack: wanted.slack && !silent, push: wanted.push && !silent };
    const { title, message } = textOf(recipient);
    notifications.push({
      notificationId,
      userId,
      type,
      title,
      message,
      actionUrl: actionUrlOf(cause.email.emailId),
      emailId: cause.email.emailId,
      language: recipient.language,
      silent,
      channels,
    });
  }
  return { notifications, skipped };
}
