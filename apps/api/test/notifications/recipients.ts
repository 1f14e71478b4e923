import { defaultNotificationPreferences } from '@teaminbox/contracts';
import type { Recipient } from '../../src/modules/notifications/domain/notification-decision';

/** A member who gets notifications as one who never changed a setting does, unless `overrides` says otherwise. */
export function member(userId: string, overrides: Partial<Recipient> = {}): Recipient {
  return {
    userId,
    settings: defaultNotificationPreferences(),
    language: 'en',
    onVacation: false,
    snoozedUntil: null,
    mutedEmail: false,
    ...overrides,
  };
}
