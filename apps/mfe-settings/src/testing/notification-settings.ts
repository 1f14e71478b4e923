import { defaultNotificationPreferences, type NotificationSettings } from '@teaminbox/contracts';

/** Jana's (u1, team t1) notification settings: the defaults, none stored yet (`id: null`), unless `fields` say else. */
export const notificationSettings = (fields: Partial<NotificationSettings> = {}): NotificationSettings => ({
  id: null,
  userId: 'u1',
  teamId: 't1',
  ...defaultNotificationPreferences(),
  mutedEmailIds: [],
  slackDisabledReason: null,
  ...fields,
});
