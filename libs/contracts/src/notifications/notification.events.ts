import type { NotificationKind } from '../personal/notification-settings.schemas';
import type { NotificationLanguage } from './notification.schemas';

/** The channels a notification goes out on besides the in-app list (which always gets it). */
export interface NotificationChannels {
  email: boolean;
  slack: boolean;
  push: boolean;
}

/**
 * One recipient's notification, as decided when its cause was handled, and as every reader of a `NotificationsCreated`
 * sees it (`createdNotifications` in the notifications module expands the event into these).
 */
export interface CreatedNotification {
  /**
   * The id of the recipient's notification: a recipient has one notification of a cause, never two. Since
   * `NotificationsCreated` records `notificationId`, every recipient's notification of the event has that id (the
   * event's own); in events recorded before, each recipient's was derived from (cause event id, recipient).
   */
  notificationId: string;
  userId: string;
  type: NotificationKind;
  title: string;
  message: string;
  actionUrl: string | null;
  emailId: string | null;
  language: NotificationLanguage;
  /** Snoozed at the time: listed and counted, but no pop-up, Slack or browser push. */
  silent: boolean;
  channels: NotificationChannels;
}

/** A title and message of a `NotificationsCreated`, recorded once however many recipients read it. */
export interface NotificationText {
  title: string;
  message: string;
}

/** One recipient of a `NotificationsCreated`: what differs from one recipient to another. */
export interface NotificationRecipient {
  userId: string;
  language: NotificationLanguage;
  /** The index of the recipient's text in the event's `texts`. */
  text: number;
  /** Snoozed at the time: listed and counted, but no pop-up, Slack or browser push. */
  silent: boolean;
  channels: NotificationChannels;
}

/** Recipients of a `NotificationsCreated` who were told alike: the same language, text, silence and channels. */
export interface NotificationRecipientGroup {
  userIds: string[];
  language: NotificationLanguage;
  /** The index of the group's text in the event's `texts`. */
  text: number;
  /** Snoozed at the time: listed and counted, but no pop-up, Slack or browser push. */
  silent: boolean;
  channels: NotificationChannels;
}

/**
 * On the stream `notifications-<causeEventId>`: the notifications one event caused. Its event id is derived from the
 * cause's, so handling the cause again after a crash appends nothing. The texts are recorded once each (the same for
 * every recipient of a language, unless one wrote their own message), and the recipients in groups of those told
 * alike (a new email in a team whose members keep the defaults: one group). Every recipient's notification has the
 * id `notificationId` (the event's id: a user has one notification of an event); events recorded without it gave each
 * recipient an id derived from (causeEventId, userId), and are read so.
 */
export interface NotificationsCreated {
  /** The id of each recipient's notification, the event's own id; absent in events recorded before (see above). */
  notificationId?: string;
  teamId: string;
  causeEventId: string;
  causeType: string;
  type: NotificationKind;
  emailId: string | null;
  actionUrl: string | null;
  texts: NotificationText[];
  groups: NotificationRecipientGroup[];
  /**
   * The sender of the email the notifications are about: their key seals the messages, which quote the email's
   * subject and sender.
   */
  correspondent?: string;
}

/**
 * A `NotificationsCreated` as recorded before its recipients were grouped: the texts once, each recipient apart.
 * Still read as it is stored.
 */
export interface NotificationsCreatedByRecipient extends Omit<NotificationsCreated, 'groups'> {
  recipients: NotificationRecipient[];
}

/**
 * A `NotificationsCreated` as recorded before its texts were kept once: one full notification per recipient (the same texts once
 * per recipient). Still read as it is stored.
 */
export interface NotificationsCreatedPerRecipient {
  teamId: string;
  causeEventId: string;
  causeType: string;
  notifications: CreatedNotification[];
  /** Absent in events recorded before notifications were sealed. */
  correspondent?: string;
}

/** A `NotificationsCreated` as the log holds it: of the current form or of one before. */
export type StoredNotificationsCreated =
  NotificationsCreated | NotificationsCreatedByRecipient | NotificationsCreatedPerRecipient;

/* On the stream `notification-inbox-<userId>`: what the user did with their notifications. */
export interface NotificationRead {
  userId: string;
  notificationId: string;
  readAt: string;
}

/**
 * Every notification of the user up to the newest one they had (by its position in the log, `upTo`) is read.
 * Positions are kept as decimal strings (commit and prepare parts).
 */
export interface AllNotificationsRead {
  userId: string;
  readAt: string;
  upTo: { commit: string; prepare: string };
}

export interface NotificationsSnoozed {
  userId: string;
  minutes: number;
  snoozedUntil: string;
}

export interface NotificationsUnsnoozed {
  userId: string;
}

/*
 * On the stream `notification-settings-<userId>`: how the user's Slack webhook answers. A webhook that refuses
 * (4xx other than 429) several deliveries in a row is switched off with a reason shown in the settings.
 */
export interface SlackDeliveryFailed {
  userId: string;
  status: number;
  consecutiveFailures: number;
}

export interface SlackDeliveryRecovered {
  userId: string;
}

export interface SlackNotificationsSwitchedOff {
  userId: string;
  reason: string;
}

/* On the stream `push-subscriptions-<userId>`: the user's browsers subscribed to push (one per device). */
export interface PushSubscriptionAdded {
  userId: string;
  subscriptionId: string;
  endpoint: string;
  p256dh: string;
  auth: string;
}

export interface PushSubscriptionRemoved {
  userId: string;
  subscriptionId: string;
  /** unsubscribed: by the user; expired: the push service answered 404 or 410. */
  reason: 'unsubscribed' | 'expired';
}

/** On the stream `profile-<userId>`: a new photo; its bytes are kept in `profile_photo_content` under photoId. */
export interface ProfilePhotoChanged {
  userId: string;
  photoId: string;
  contentType: string;
  size: number;
}

/** Events of notifications, browser push and profile photos. */
export interface NotificationEventMap {
  NotificationsCreated: StoredNotificationsCreated;
  NotificationRead: NotificationRead;
  AllNotificationsRead: AllNotificationsRead;
  NotificationsSnoozed: NotificationsSnoozed;
  NotificationsUnsnoozed: NotificationsUnsnoozed;
  SlackDeliveryFailed: SlackDeliveryFailed;
  SlackDeliveryRecovered: SlackDeliveryRecovered;
  SlackNotificationsSwitchedOff: SlackNotificationsSwitchedOff;
  PushSubscriptionAdded: PushSubscriptionAdded;
  PushSubscriptionRemoved: PushSubscriptionRemoved;
  ProfilePhotoChanged: ProfilePhotoChanged;
}
export type NotificationEventType = keyof NotificationEventMap;
