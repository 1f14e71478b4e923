import type {
  CreatedNotification,
  NotificationChannels,
  NotificationRecipient,
  NotificationRecipientGroup,
  NotificationsCreated,
  NotificationsCreatedByRecipient,
  NotificationText,
  StoredNotificationsCreated,
} from '@teaminbox/contracts';
import { recipientNotificationIdOf } from './notification-decision';

/** What names the cause of a `NotificationsCreated`, besides its notifications. */
export interface NotificationsCause {
  teamId: string;
  causeEventId: string;
  causeType: string;
  /** The sender of the email the notifications are about (their key seals the texts). */
  correspondent?: string;
}

/**
 * The `NotificationsCreated` of one cause's notifications (at least one): each distinct text once, and the recipients
 * in groups of those told alike (language, text, silence, channels), in the order each group's first recipient was
 * decided. The notifications of one cause share their type, email and id (the event's, as decideNotifications gives
 * it). Notifications of different types, emails or ids cannot be recorded in this form and throw.
 */
export function notificationsCreatedOf(
  cause: NotificationsCause,
  notifications: readonly CreatedNotification[],
): NotificationsCreated {
  const known = recorded.get(notifications);
  if (
    known &&
    known.causeEventId === cause.causeEventId &&
    known.teamId === cause.teamId &&
    known.causeType === cause.causeType &&
    known.correspondent === (cause.correspondent || undefined)
  )
    return known;
  const [first] = notifications;
  if (!first) throw new RangeError('A NotificationsCreated needs at least one notification');
  const texts: NotificationText[] = [];
  // By title, then message: a decision gives its recipients the very same strings, which hash once.
  const textIndex = new Map<string, Map<string, number>>();
  // By language, then (text, silence, channels) as one number.
  const groups = new Map<string, Map<number, NotificationRecipientGroup>>();
  const ordered: NotificationRecipientGroup[] = [];
  for (const n of notifications) {
    if (
      n.type !== first.type ||
      n.emailId !== first.emailId ||
      n.actionUrl !== first.actionUrl ||
      n.notificationId !== first.notificationId
    ) {
      throw new RangeError('The notifications of one cause share their type, email and id');
    }
    let byMessage = textIndex.get(n.title);
    if (!byMessage) textIndex.set(n.title, (byMessage = new Map()));
    let text = byMessage.get(n.message);
    if (text === undefined) {
      text = texts.push({ title: n.title, message: n.message }) - 1;
      byMessage.set(n.message, text);
    }
    const { email, slack, push } = n.channels;
    const told = text * 16 + (n.silent ? 8 : 0) + (email ? 4 : 0) + (slack ? 2 : 0) + (push ? 1 : 0);
    let ofLanguage = groups.get(n.language);
    if (!ofLanguage) groups.set(n.language, (ofLanguage = new Map()));
    const group = ofLanguage.get(told);
    if (group) group.userIds.push(n.userId);
    else {
      const created = {
        userIds: [n.userId],
        language: n.language,
        text,
        silent: n.silent,
        channels: { email, slack, push },
      };
      ofLanguage.set(told, created);
      ordered.push(created);
    }
  }
  const { teamId, causeEventId, causeType, correspondent } = cause;
  const data: NotificationsCreated = {
    notificationId: first.notificationId,
    teamId,
    causeEventId,
    causeType,
    type: first.type,
    emailId: first.emailId,
    actionUrl: first.actionUrl,
    texts,
    groups: ordered,
    ...(correspondent ? { correspondent } : {}),
  };
  recorded.set(notifications, data);
  return data;
}

/**
 * The payloads made of decisions' notifications, by the (unchanged) list of them: the decider records the event and
 * the live push reads the same payload again, made once. A caller must not change what it is given back.
 */
const recorded = new WeakMap<readonly CreatedNotification[], NotificationsCreated>();

/** Expanded events, by their (shared, frozen) payload: the list, the delivery and the live push read each once. */
const expanded = new WeakMap<object, readonly CreatedNotification[]>();

/** An event recorded with its texts once (grouped recipients, or each recipient apart as before). */
type WithTexts = NotificationsCreated | NotificationsCreatedByRecipient;

/** The recipient groups of an event recorded with its texts once; one recorded with each recipient apart: groups of one. */
function groupsOf(data: WithTexts): readonly NotificationRecipientGroup[] {
  return 'groups' in data
    ? data.groups
    : data.recipients.map(({ userId, ...told }) => ({ userIds: [userId], ...told }));
}

/** The recipients of an event recorded with its texts once, one entry each (groups in order, each group's in order). */
function recipientsOf(data: WithTexts): NotificationRecipient[] {
  return groupsOf(data).flatMap(({ userIds, ...told }) => userIds.map((userId) => ({ userId, ...told })));
}

/**
 * The notifications of a stored `NotificationsCreated`, one per recipient, whichever form it was recorded in: the
 * current one (texts once, recipients grouped) and the one before (texts once, each recipient apart) are expanded; the
 * first form (a full notification per recipient) already is.
 */
export function createdNotifications(data: StoredNotificationsCreated): readonly CreatedNotification[] {
  if ('notifications' in data) return data.notifications;
  const known = expanded.get(data);
  if (known) return known;
  const notifications = recipientsOf(data).map((recipient) => notificationOf(data, recipient));
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
  // Group by group: a group on no channel (most of a burst) is not expanded at all.
  return groupsOf(data).flatMap(({ userIds, ...told }) =>
    userIds
      .filter((userId) => onChannel({ userId, channels: told.channels }))
      .map((userId) => notificationOf(data, { userId, ...told })),
  );
}

/** The recipients of a stored `NotificationsCreated` whose notification goes out by browser push, if they have a device. */
export function pushRecipientIdsOf(data: StoredNotificationsCreated): string[] {
  if ('notifications' in data) return data.notifications.filter((n) => n.channels.push).map((n) => n.userId);
  return groupsOf(data)
    .filter(({ channels }) => channels.push)
    .flatMap(({ userIds }) => userIds);
}

/** The recipients of a stored `NotificationsCreated`, without expanding its notifications. */
export function recipientIdsOf(data: StoredNotificationsCreated): string[] {
  return 'notifications' in data ? data.notifications.map((n) => n.userId) : groupsOf(data).flatMap((g) => g.userIds);
}

/** A notification as every recipient in a group of `SameNotification` has it (their ids apart). */
export type SharedNotification = Omit<CreatedNotification, 'userId'>;

/** Recipients who got the very same notification (id, texts, silence, language and channels). */
export interface SameNotification {
  userIds: readonly string[];
  notification: SharedNotification;
}

/** The groups of a stored event (see sameNotificationsOf), by its (shared, frozen) payload. */
const alike = new WeakMap<object, readonly SameNotification[]>();

/**
 * The notifications of a stored `NotificationsCreated` in groups of recipients who got the very same one: in an event
 * that records its notifications' id, its recipient groups as recorded (a new email to a team of 50: one group, not
 * 50 notifications); in one recorded before, whose recipients' ids differ, each recipient alone.
 */
export function sameNotificationsOf(data: StoredNotificationsCreated): readonly SameNotification[] {
  const known = alike.get(data);
  if (known) return known;
  let same: SameNotification[];
  if ('notifications' in data) {
    same = data.notifications.map(({ userId, ...notification }) => ({ userIds: [userId], notification }));
  } else if (data.notificationId === undefined || !('groups' in data)) {
    same = createdNotifications(data).map(({ userId, ...notification }) => ({ userIds: [userId], notification }));
  } else {
    const notificationId = data.notificationId;
    same = data.groups.map(({ userIds, ...told }) => ({
      userIds,
      notification: sharedNotificationOf(data, told, notificationId),
    }));
  }
  alike.set(data, same);
  return same;
}

/** The recipients of an event recorded with its texts once, each one's text checked to be there (a clear error if not). */
export function checkedRecipients(data: WithTexts): readonly NotificationRecipient[] {
  const recipients = recipientsOf(data);
  for (const recipient of recipients) textOf(data, recipient);
  return recipients;
}

/** The recipient groups of an event recorded with its texts once, each group's text checked to be there. */
export function checkedGroups(data: WithTexts): readonly NotificationRecipientGroup[] {
  const groups = groupsOf(data);
  for (const group of groups) textOf(data, group);
  return groups;
}

function textOf(data: WithTexts, recipient: Pick<NotificationRecipient, 'text'>): NotificationText {
  const text = data.texts[recipient.text];
  if (!text) throw new RangeError(`NotificationsCreated ${data.causeEventId} names a text it does not have`);
  return text;
}

/** A notification of the event as the recipients told alike (`told`) have it, with the given id. */
function sharedNotificationOf(
  data: WithTexts,
  told: Omit<NotificationRecipient, 'userId'>,
  notificationId: string,
): SharedNotification {
  const text = textOf(data, told);
  return {
    notificationId,
    type: data.type,
    title: text.title,
    message: text.message,
    actionUrl: data.actionUrl,
    emailId: data.emailId,
    language: told.language,
    silent: told.silent,
    channels: told.channels,
  };
}

function notificationOf(data: WithTexts, { userId, ...told }: NotificationRecipient): CreatedNotification {
  const id = data.notificationId ?? recipientNotificationIdOf(data.causeEventId, userId);
  return { userId, ...sharedNotificationOf(data, told, id) };
}
