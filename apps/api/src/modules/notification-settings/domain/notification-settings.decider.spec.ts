import { defaultNotificationPreferences } from '@teaminbox/contracts';
import { foldEvents } from '../../../platform/event-sourcing/decider';
import {
  type NotificationPreferences,
  notificationSettingsDecider,
  type NotificationSettingsEvent,
  type RecordSlackDelivery,
  type SaveNotificationSettings,
  samePreferences,
  slackSwitchedOffReason,
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

describe('Slack delivery health', () => {
  const webhookUrl = 'https://hooks.slack.com/services/T/B/x';
  const slackOn: NotificationSettingsEvent = {
    type: 'NotificationSettingsSaved',
    data: {
      settingsId: 's1',
      userId: 'u1',
      teamId: 't1',
      ...defaultNotificationPreferences(),
      slackNotificationsEnabled: true,
      slackWebhookUrl: webhookUrl,
    },
  };
  const refused = (status = 404): RecordSlackDelivery => ({
    type: 'RecordSlackDelivery',
    userId: 'u1',
    webhookUrl,
    outcome: { kind: 'refused', status, reason: 'no_service' },
  });
  const delivered: RecordSlackDelivery = {
    type: 'RecordSlackDelivery',
    userId: 'u1',
    webhookUrl,
    outcome: { kind: 'delivered' },
  };
  const run = (history: NotificationSettingsEvent[], command: RecordSlackDelivery) =>
    notificationSettingsDecider.decide(command, foldEvents(notificationSettingsDecider, history));
  const failed = (n: number, status = 404): NotificationSettingsEvent => ({
    type: 'SlackDeliveryFailed',
    data: { userId: 'u1', status, consecutiveFailures: n },
  });

  it('records nothing for an accepted delivery of a healthy webhook', () => {
    expect(run([slackOn], delivered)).toEqual([]);
  });

  it('counts refusals in a row and switches Slack off at the third, with the reason', () => {
    expect(run([slackOn], refused())).toEqual([failed(1)]);
    expect(run([slackOn, failed(1)], refused(410))).toEqual([failed(2, 410)]);
    expect(run([slackOn, failed(1), failed(2)], refused(403))).toEqual([
      failed(3, 403),
      {
        type: 'SlackNotificationsSwitchedOff',
        data: { userId: 'u1', reason: slackSwitchedOffReason(403, 'no_service') },
      },
    ]);
    expect(slackSwitchedOffReason(403, 'no_service')).toContain('403 no_service');
  });

  it('starts counting again after an accepted delivery or a save', () => {
    expect(run([slackOn, failed(1), failed(2)], delivered)).toEqual([
      { type: 'SlackDeliveryRecovered', data: { userId: 'u1' } },
    ]);
    expect(
      run([slackOn, failed(1), failed(2), { type: 'SlackDeliveryRecovered', data: { userId: 'u1' } }], refused()),
    ).toEqual([failed(1)]);
    expect(run([slackOn, failed(1), failed(2), slackOn], refused())).toEqual([failed(1)]);
  });

  it('ignores answers once switched off, for another webhook, or when Slack is off', () => {
    const off: NotificationSettingsEvent = {
      type: 'SlackNotificationsSwitchedOff',
      data: { userId: 'u1', reason: 'x' },
    };
    expect(run([slackOn, failed(1), failed(2), failed(3), off], refused())).toEqual([]);
    expect(run([slackOn], { ...refused(), webhookUrl: 'https://hooks.slack.com/services/old' })).toEqual([]);
    expect(run([], refused())).toEqual([]);
  });

  it('lets the user switch Slack on again after a switch-off (the save is a change)', () => {
    const off: NotificationSettingsEvent = {
      type: 'SlackNotificationsSwitchedOff',
      data: { userId: 'u1', reason: 'x' },
    };
    const again = decide([slackOn, failed(1), failed(2), failed(3), off], {
      ...save({ ...defaultNotificationPreferences(), slackNotificationsEnabled: true, slackWebhookUrl: webhookUrl }),
      userId: 'u1',
      teamId: 't1',
    });
    expect(again).toHaveLength(1);
    expect(again[0]).toMatchObject({ type: 'NotificationSettingsSaved', data: { slackNotificationsEnabled: true } });
  });
});
