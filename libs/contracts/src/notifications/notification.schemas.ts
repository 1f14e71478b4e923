import { z } from 'zod';
import { pageQueryShape } from '../paging.schemas';
import {
  NOTIFICATION_PAGE_SIZE,
  PUSH_ENDPOINT_MAX_LENGTH,
  PUSH_ENDPOINT_MESSAGE,
  PUSH_KEYS_MESSAGE,
  SNOOZE_MINUTES,
} from './notification.constants';
import type { UserLanguage } from '../conversations/collaboration.schemas';
import type { NotificationKind } from '../personal/notification-settings.schemas';

export * from './notification.constants';

/* ------------------------------------------------------------------------------------------------
 * Notifications (GET /notifications, /notifications/unread, /notifications/unread-count,
 * PUT /notifications/{id}/read, PUT /notifications/mark-all-read), snooze and browser push
 * ---------------------------------------------------------------------------------------------- */

/** The languages the product writes notifications and their emails in: the user's interface language. */
export type NotificationLanguage = UserLanguage;

/** One notification of the caller (spec section 3: the read flag is given as `read` and as `isRead`). */
export interface Notification {
  id: string;
  type: NotificationKind;
  title: string;
  message: string;
  createdAt: string;
  read: boolean;
  isRead: boolean;
  readAt: string | null;
  /** The screen to open on click (the email's detail), or null. */
  actionUrl: string | null;
  /** The email the notification is about. */
  emailId: string | null;
  /** True when it arrived while the recipient had snoozed notifications: listed, but no pop-up. */
  silent: boolean;
}

/** GET /notifications?page&size */
export const ZNotificationPageQuery = z.object(
  pageQueryShape({
    default: NOTIFICATION_PAGE_SIZE,
    max: 100,
    belowOne: 'size must be from 1 to 100',
    aboveMax: 'size must be from 1 to 100',
  }),
);
export type TNotificationPageQuery = z.infer<typeof ZNotificationPageQuery>;

/** PUT /notifications/snooze: mute pop-ups, Slack and browser push for 15, 60 or 240 minutes. */
export const ZSnoozeRequest = z.object({
  minutes: z.union(
    SNOOZE_MINUTES.map((m) => z.literal(m)),
    'minutes must be 15, 60 or 240',
  ),
});
export type TSnoozeRequest = z.infer<typeof ZSnoozeRequest>;

/** GET/PUT/DELETE /notifications/snooze: until when the caller's notifications are snoozed (null: not snoozed). */
export interface SnoozeState {
  snoozedUntil: string | null;
}

const base64Url = (min: number, max: number) =>
  z
    .string(PUSH_KEYS_MESSAGE)
    .regex(/^[A-Za-z0-9_-]+={0,2}$/, PUSH_KEYS_MESSAGE)
    .min(min, PUSH_KEYS_MESSAGE)
    .max(max, PUSH_KEYS_MESSAGE);

/** POST /notifications/push-subscriptions: a browser's PushSubscription.toJSON() (one per device). */
export const ZPushSubscriptionRequest = z.object({
  endpoint: z
    .string(PUSH_ENDPOINT_MESSAGE)
    .max(PUSH_ENDPOINT_MAX_LENGTH, PUSH_ENDPOINT_MESSAGE)
    .pipe(
      z
        .url({ protocol: /^https$/, error: PUSH_ENDPOINT_MESSAGE })
        .regex(/^https:\/\/[^\s/?#@]+(?:[/?#]\S*)?$/i, PUSH_ENDPOINT_MESSAGE),
    ),
  keys: z.object(
    {
      /** The browser's P-256 public key (65 bytes, base64url). */
      p256dh: base64Url(80, 100),
      /** The 16-byte auth secret (base64url). */
      auth: base64Url(16, 32),
    },
    PUSH_KEYS_MESSAGE,
  ),
});
export type TPushSubscriptionRequest = z.infer<typeof ZPushSubscriptionRequest>;

/** DELETE /notifications/push-subscriptions: the device's endpoint. */
export const ZPushUnsubscribeRequest = z.object({
  endpoint: z.string(PUSH_ENDPOINT_MESSAGE).min(1, PUSH_ENDPOINT_MESSAGE).max(PUSH_ENDPOINT_MAX_LENGTH),
});

/** GET /notifications/push/public-key: the application server key for PushManager.subscribe(). */
export interface PushPublicKey {
  publicKey: string;
}

/** The payload a browser push carries (decrypted by the service worker). */
export interface PushPayload {
  id: string;
  type: NotificationKind;
  title: string;
  message: string;
  actionUrl: string | null;
}

/* ------------------------------------------------------------------------------------------------
 * Profile photo (POST /user/profile-photo field `file`; GET own, by id, by email)
 * ---------------------------------------------------------------------------------------------- */

/** The answer of an upload. */
export interface ProfilePhotoUploaded {
  success: true;
  message: string;
  userId: string;
  updatedAt: string;
}
