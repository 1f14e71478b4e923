import type {
  CreatedNotification,
  NotificationChannels,
  NotificationRecipient,
  NotificationsCreated,
  NotificationText,
  StoredNotificationsCreated,
} from '@teaminbox/contracts';
import { notificationIdOf } from './notification-decision';

/** What names the cause of a `NotificationsCreated`, besides its notifications. */
export interface NotificationsCause {
  teamId: string;
  causeEventId: string;
  causeType: string;
  /** The sender of the email the notifications are about (their key seals the texts). */
  correspondent?: string;
}

/**
 * The `NotificationsCreated` of one cause's notifications (at least one): each distinct text once, and per recipient
 * only what differs. The notifications of one cause share their type and email, and each one's id is the one derived
 * from (cause event id, recipient), as decideNotifications gives it (it is not recorded but derived again when the
 * event is read). Notifications of different types or emails cannot be recorded in this form and throw.
 */
export function notificationsCreatedOf(
  cause: NotificationsCause,
  notifications: readonly CreatedNotification[],
): NotificationsCreated {
  const [first] = notifications;
  if (!first) throw new RangeError('A NotificationsCreated needs at least one notification');
  const texts: NotificationText[] = [];
  const textIndex = new Map<string, number>();
  const recipients = notifications.map((n) => {
    if (n.type !== first.type || n.emailId !== first.emailId || n.actionUrl !== first.actionUrl) {
      throw new RangeError('The notifications of one cause share their type and email');
    }
    const key = JSON.stringify([n.title, n.message]);
    let text = textIndex.get(key);
    if (text === undefined) {
      text = texts.push({ title: n.title, message: n.message }) - 1;
      textIndex.set(key, text);
    }
    return { userId: n.userId, language: n.language, text, silent: n.silent, channels: n.channels };
  });
  const { teamId, causeEventId, causeType, correspondent } = cause;
  return {
    teamId,
    causeEventId,
    causeType,
    type: first.type,
    emailId: first.emailId,
    actionUrl: first.actionUrl,
    texts,
    recipients,
    ...(correspondent ? { correspondent } : {}),
  };
}

/** Expanded events, by their (shared, frozen) payload: the list, the delivery and the live push read each once. */
const expanded = new WeakMap<object, readonly CreatedNotification[]>();

/**
 * The notifications of a stored `NotificationsCreated`, one per recipient, whichever form it was recorded in: the
 * current one (texts once, recipients apart) is expanded; one recorded before (a full notification per recipient)
 * already is.
 */
export function createdNotifications(data: StoredNotificationsCreated): readonly CreatedNotification[] {
  if ('notifications' in data) return data.notifications;
  const known = expanded.get(data);
  if (known) return known;
  const notifications = data.recipients.map((recipient) => notificationOf(data, recipient));
  expanded.set(data, notifications);
  return notifications;
}

/**
 * The notifications of a stored `NotificationsCreated` that go out on some channel besides the app: by email, by
 * Slack, or by browser push to a recipient with a subscribed device (`hasDevice`). The others are not expanded: a
 * burst's notifications mostly stay in the app, and a push to nobody's device is no delivery.
 */
export function notificationsOnChannels(
  data: StoredNotificationsCreated,
  hasDevice: (userId: string) => boolean,
): readonly CreatedNotification[] {
  const onChannel = ({ userId, channels }: { userId: string; channels: NotificationChannels }) =>
    channels.email || channels.slack || (channels.push && hasDevice(userId));
  if ('notifications' in data) return data.notifications.filter(onChannel);
  const known = expanded.get(data);
  if (known) return known.filter(onChannel);
  return data.recipients.filter(onChannel).map((recipient) => notificationOf(data, recipient));
}

/** The recipients of a stored `NotificationsCreated` whose notification goes out by browser push, if they have a device. */
export function pushRecipientIdsOf(data: StoredNotificationsCreated): string[] {
  const recipients: readonly { userId: string; channels: NotificationChannels }[] =
    'notifications' in data ? data.notifications : data.recipients;
  return recipients.filter(({ channels }) => channels.push).map(({ userId }) => userId);
}

/** The recipients of a stored `NotificationsCreated`, without expanding its notifications. */
export function recipientIdsOf(data: StoredNotificationsCreated): string[] {
  return 'notifications' in data ? data.notifications.map((n) => n.userId) : data.recipients.map((r) => r.userId);
}

/** The recipients of an event of the current form, each one's text checked to be there (a clear error if not). */
export function checkedRecipients(data: NotificationsCreated): readonly NotificationRecipient[] {
  for (const recipient of data.recipients) textOf(data, recipient);
  return data.recipients;
}

function textOf(data: NotificationsCreated, recipient: NotificationRecipient): NotificationText {
  const text = data.texts[recipient.text];
  if (!text) throw new RangeError(`NotificationsCreated ${data.causeEventId} names a text it does not have`);
  return text;
}

function notificationOf(data: NotificationsCreated, recipient: NotificationRecipient): CreatedNotification {
  const text = textOf(data, recipient);
  return {
    notificationId: notificationIdOf(data.causeEventId, recipient.userId),
    userId: recipient.userId,
    type: data.type,
    title: text.title,
    message: text.message,
    actionUrl: data.actionUrl,
    emailId: data.emailId,
    language: recipient.language,
    silent: recipient.silent,
    channels: recipient.channels,
  };
}
