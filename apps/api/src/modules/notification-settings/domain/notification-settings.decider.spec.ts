import { defaultNotificationPreferences } from '@teaminbox/contracts';
import { foldEvents } from '../../../platform/event-sourcing/decider';
import {
  type NotificationPreferences,
  notificationSettingsDecider,
  type NotificationSettingsEvent,
  type SaveNotificationSettings,
  samePreferences,
} from './notification-settings.decider';

const defaults = defaultNotificationPreferences();
const save = (preferences: NotificationPreferences, overrides: Partial<SaveNotificationSettings> = {}) => ({
  type: 'SaveNotificationSettings' as const,
  userId: 'user-1',
  teamId: 'team-1',
  settingsId: 'settings-1',
  preferences,
  ...overrides,
});
const decide = (history: NotificationSettingsEvent[], command: SaveNotificationSettings) =>
  notificationSettingsDecider.decide(command, foldEvents(notificationSettingsDecider, history));

describe('notification settings decider', () => {
  const first: NotificationSettingsEvent = {
    type: 'NotificationSettingsSaved',
    data: { settingsId: 'settings-1', userId: 'user-1', teamId: 'team-1', ...defaults },
  };

  it('saves the whole object the first time, even when it equals the defaults', () => {
    expect(decide([], save(defaults))).toEqual([first]);
  });

  it('keeps the id of the first save and appends a change', () => {
    const changed = { ...defaults, htmlSignature: '<p>Jana</p>', slackNotificationsEnabled: true };
    expect(decide([first], save(changed, { settingsId: 'another-id' }))).toEqual([
      { type: 'NotificationSettingsSaved', data: { ...first.data, ...changed } },
    ]);
  });

  it('appends nothing when the same settings are saved again, whatever the key order of the stored payload', () => {
    const reversed = (value: unknown): unknown =>
      value && typeof value === 'object'
        ? Object.fromEntries(
            Object.entries(value)
              .reverse()
              .map(([key, inner]) => [key, reversed(inner)]),
          )
        : value;
    const reordered = reversed(first.data) as typeof first.data;
    expect(Object.keys(reordered)[0]).toBe('notificationTypes');
    expect(decide([{ type: 'NotificationSettingsSaved', data: reordered }], save(defaults))).toEqual([]);
  });

  it('records a save from another team even with the same settings', () => {
    expect(decide([first], save(defaults, { teamId: null }))).toEqual([
      { type: 'NotificationSettingsSaved', data: { ...first.data, teamId: null } },
    ]);
  });

  it('compares every field of every notification type', () => {
    const changedType = {
      ...defaults,
      notificationTypes: {
        ...defaults.notificationTypes,
        COMMENT_ADDED: { ...defaults.notificationTypes.COMMENT_ADDED, customMessage: 'On {emailSubject}' },
      },
    };
    expect(samePreferences(defaults, defaultNotificationPreferences())).toBe(true);
    expect(samePreferences(defaults, changedType)).toBe(false);
    expect(decide([first], save(changedType))).toHaveLength(1);
  });
});
