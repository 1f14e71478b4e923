/**
 * The notifications' plain values, kept apart from the schemas (and from zod) so that the web's first load can use
 * them without the schema library.
 */

export const NOTIFICATION_PAGE_SIZE = 20;
/** The snooze options of the bell, in minutes (spec section 9). */
export const SNOOZE_MINUTES = [15, 60, 240] as const;
export type SnoozeMinutes = (typeof SNOOZE_MINUTES)[number];

export const PUSH_ENDPOINT_MAX_LENGTH = 2_000;
export const PUSH_ENDPOINT_MESSAGE = 'The push endpoint must be an https:// URL';
export const PUSH_KEYS_MESSAGE = 'The push subscription keys are invalid';
/** An endpoint on a private, loopback or reserved address. */
export const PUSH_ENDPOINT_NOT_ALLOWED_MESSAGE = 'The push endpoint must be a public address';

/** The service worker's fixed root path (it controls the whole origin). */
export const SERVICE_WORKER_PATH = '/notification-sw.js';

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
