import {
  DEFAULT_NOTIFICATION_TYPE_SETTINGS,
  NOTIFICATION_TYPES,
  type NotificationSettingsSaved,
  type NotificationTypeSettings,
  type PersonalEventType,
} from '@teaminbox/contracts';

export const notificationSettingsStreamId = (userId: string) => `notification-settings-${userId}`;

/** What a user edits: the saved object without its ids (muted emails are owned by the email commands). */
export type NotificationPreferences = Omit<NotificationSettingsSaved, 'settingsId' | 'userId' | 'teamId'>;

export interface SaveNotificationSettings {
  type: 'SaveNotificationSettings';
  userId: string;
  teamId: string | null;
  /** The id of the settings object if this is the user's first save; a later save keeps the first one. */
  settingsId: string;
  preferences: NotificationPreferences;
}

export type NotificationSettingsCommand = SaveNotificationSettings;

export type NotificationSettingsEvent = { type: 'NotificationSettingsSaved'; data: NotificationSettingsSaved };

export type NotificationSettingsState =
  | { status: 'defaults' }
  | { status: 'saved'; settingsId: string; teamId: string | null; preferences: NotificationPreferences };

export const NOTIFICATION_SETTINGS_EVENT_TYPES = [
  'NotificationSettingsSaved',
] as const satisfies readonly PersonalEventType[];

const sameType = (a: NotificationTypeSettings, b: NotificationTypeSettings) =>
  a.enabled === b.enabled &&
  a.emailEnabled === b.emailEnabled &&
  a.browserPushEnabled === b.browserPushEnabled &&
  a.slackEnabled === b.slackEnabled &&
  a.customMessage === b.customMessage;

/** Field by field (stored payloads are jsonb, whose key order differs from the request's). */
export function samePreferences(a: NotificationPreferences, b: NotificationPreferences): boolean {
  return (
    a.useThreads === b.useThreads &&
    a.shareCommentsAcrossThread === b.shareCommentsAcrossThread &&
    a.emailNotificationsEnabled === b.emailNotificationsEnabled &&
    a.browserPushEnabled === b.browserPushEnabled &&
    a.slackNotificationsEnabled === b.slackNotificationsEnabled &&
    a.slackWebhookUrl === b.slackWebhookUrl &&
    a.htmlSignature === b.htmlSignature &&
    NOTIFICATION_TYPES.every((type) => sameType(a.notificationTypes[type], b.notificationTypes[type]))
  );
}

/** The saved preferences; a type missing from an older event takes the type defaults. */
function preferencesOf(saved: NotificationSettingsSaved): NotificationPreferences {
  const { settingsId: _settingsId, userId: _userId, teamId: _teamId, notificationTypes, ...flags } = saved;
  const types = Object.fromEntries(
    NOTIFICATION_TYPES.map((type) => [type, { ...DEFAULT_NOTIFICATION_TYPE_SETTINGS, ...notificationTypes?.[type] }]),
  ) as NotificationPreferences['notificationTypes'];
  return { ...flags, notificationTypes: types };
}

/**
 * A user's notification settings (stream `notification-settings-<userId>`): each save replaces the whole object;
 * saving what is already stored (for the same team) appends nothing. The settings id is fixed by the first save.
 */
export const notificationSettingsDecider = {
  eventTypes: NOTIFICATION_SETTINGS_EVENT_TYPES,
  initialState: (): NotificationSettingsState => ({ status: 'defaults' }),

  decide(command: NotificationSettingsCommand, state: NotificationSettingsState): NotificationSettingsEvent[] {
    switch (command.type) {
      case 'SaveNotificationSettings': {
        if (
          state.status === 'saved' &&
          state.teamId === command.teamId &&
          samePreferences(state.preferences, command.preferences)
        ) {
          return [];
        }
        const settingsId = state.status === 'saved' ? state.settingsId : command.settingsId;
        const data = { settingsId, userId: command.userId, teamId: command.teamId, ...command.preferences };
        return [{ type: 'NotificationSettingsSaved', data }];
      }
      default: {
        const unknown: never = command.type;
        throw new Error(`Unknown command ${String(unknown)}`);
      }
    }
  },

  evolve(_state: NotificationSettingsState, event: NotificationSettingsEvent): NotificationSettingsState {
    switch (event.type) {
      case 'NotificationSettingsSaved':
        return {
          status: 'saved',
          settingsId: event.data.settingsId,
          teamId: event.data.teamId,
          preferences: preferencesOf(event.data),
        };
      default: {
        const unknown: never = event.type;
        throw new Error(`Unknown event ${String(unknown)}`);
      }
    }
  },
};
