import { z } from 'zod';
import type { UserLanguage } from '../conversations/collaboration.schemas';
import type { NotificationType } from '../personal/notification-settings.schemas';

/* ------------------------------------------------------------------------------------------------
 * Notifications (GET /notifications, /notifications/unread, /notifications/unread-count,
 * PUT /notifications/{id}/read, PUT /notifications/mark-all-read), snooze and browser push
 * ---------------------------------------------------------------------------------------------- */

export const NOTIFICATION_PAGE_SIZE = 20;
/** The snooze options of the bell, in minutes (spec section 9). */
export const SNOOZE_MINUTES = [15, 60, 240] as const;
export type SnoozeMinutes = (typeof SNOOZE_MINUTES)[number];

/** The languages the product writes notifications and their emails in: the user's interface language. */
export type NotificationLanguage = UserLanguage;

/** One notification of the caller (spec section 3: the read flag is given as `read` and as `isRead`). */
export interface Notification {
  id: string;
  type: NotificationType;
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
export const ZNotificationPageQuery = z.object({
  page: z.coerce
    .number('page must be a number')
    .int('page must be a whole number')
    .min(0, 'page must be 0 or more')
    .default(0),
  size: z.coerce
    .number('size must be a number')
    .int('size must be a whole number')
    .min(1, 'size must be from 1 to 100')
    .max(100, 'size must be from 1 to 100')
    .default(NOTIFICATION_PAGE_SIZE),
});
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

export const PUSH_ENDPOINT_MAX_LENGTH = 2_000;
export const PUSH_ENDPOINT_MESSAGE = 'The push endpoint must be an https:// URL';
export const PUSH_KEYS_MESSAGE = 'The push subscription keys are invalid';
/** An endpoint on a private, loopback or reserved address. */
export const PUSH_ENDPOINT_NOT_ALLOWED_MESSAGE = 'The push endpoint must be a public address';

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
  type: NotificationType;
  title: string;
  message: string;
  actionUrl: string | null;
}

/** The service worker's fixed root path (it controls the whole origin). */
export const SERVICE_WORKER_PATH = '/notification-sw.js';

/* ------------------------------------------------------------------------------------------------
 * Profile photo (POST /user/profile-photo field `file`; GET own, by id, by email)
 * ---------------------------------------------------------------------------------------------- */

export const PROFILE_PHOTO_FIELD = 'file';
/** 5 MB. */
export const PROFILE_PHOTO_MAX_BYTES = 5 * 1024 * 1024;
/** An upload larger than this many pixels (width x height) is refused before it is decoded. */
export const PROFILE_PHOTO_MAX_PIXELS = 40_000_000;
/** The stored photo: a square of this many pixels. */
export const PROFILE_PHOTO_SIZE = 256;
export const PROFILE_PHOTO_CONTENT_TYPE = 'image/webp';

export const PROFILE_PHOTO_MESSAGES = {
  missing: 'Choose an image file (form field "file")',
  tooLarge: 'The photo is limited to 5 MB',
  notImage: 'The file is not a supported image (JPEG, PNG, WebP, GIF or AVIF)',
  svg: 'SVG images are not accepted',
  tooManyPixels: 'The image has too many pixels',
} as const;

/** The answer of an upload. */
export interface ProfilePhotoUploaded {
  success: true;
  message: string;
  userId: string;
  updatedAt: string;
}
