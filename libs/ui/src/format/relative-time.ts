import { UI_NAMESPACE } from '../i18n/i18n';

const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;

type Translate = (key: string, values?: Record<string, unknown>) => string;

/**
 * The spec's relative time of a notification (section 9): under a minute 'Právě teď', under 60 minutes
 * 'Před {n} min', under 24 hours 'Před {n} hod', otherwise the date in the Czech locale.
 */
export function notificationTime(value: string | Date, t: Translate, now: Date = new Date()): string {
  const date = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(date.getTime())) return '';
  const ageMs = Math.max(0, now.getTime() - date.getTime());
  if (ageMs < MINUTE_MS) return t('notifications.justNow', { ns: UI_NAMESPACE });
  if (ageMs < HOUR_MS) return t('notifications.minutesAgo', { n: Math.floor(ageMs / MINUTE_MS), ns: UI_NAMESPACE });
  if (ageMs < 24 * HOUR_MS) return t('notifications.hoursAgo', { n: Math.floor(ageMs / HOUR_MS), ns: UI_NAMESPACE });
  return date.toLocaleDateString('cs-CZ');
}

/** The icon of a notification by its type (spec section 2); any other type gets a bell. */
export function notificationIcon(type: string): string {
  switch (type) {
    case 'EMAIL_RECEIVED':
      return 'pi pi-envelope';
    case 'TASK_ASSIGNED':
      return 'pi pi-check-square';
    case 'COMMENT_ADDED':
      return 'pi pi-comment';
    default:
      return 'pi pi-bell';
  }
}
