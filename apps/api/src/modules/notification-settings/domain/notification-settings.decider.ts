import {
  DEFAULT_NOTIFICATION_TYPE_SETTINGS,
  NOTIFICATION_TYPES,
  type NotificationSettingsSaved,
  type NotificationTypeSettings,
  type NotificationEventType,
  type PersonalEventType,
  type SlackDeliveryFailed,
  type SlackDeliveryRecovered,
  type SlackNotificationsSwitchedOff,
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

/** How the user's Slack webhook answered a delivery: taken, or refused (a 4xx other than 429). */
export interface RecordSlackDelivery {
  type: 'RecordSlackDelivery';
  userId: string;
  /** The webhook the delivery went to: an answer about an address the user has replaced since counts for nothing. */
  webhookUrl: string;
  outcome: { kind: 'delivered' } | { kind: 'refused'; status: number; reason: string };
}

export type NotificationSettingsCommand = SaveNotificationSettings | RecordSlackDelivery;

export type NotificationSettingsEvent =
  | { type: 'NotificationSettingsSaved'; data: NotificationSettingsSaved }
  | { type: 'SlackDeliveryFailed'; data: SlackDeliveryFailed }
  | { type: 'SlackDeliveryRecovered'; data: SlackDeliveryRecovered }
  | { type: 'SlackNotificationsSwitchedOff'; data: SlackNotificationsSwitchedOff };

export type NotificationSettingsState =
  | { status: 'defaults' }
  | {
      status: 'saved';
      settingsId: string;
      teamId: string | null;
      preferences: NotificationPreferences;
      /** Deliveries the webhook refused in a row since the last save or accepted delivery. */
      slackFailures: number;
    };

/** A webhook that refuses this many deliveries in a row is switched off. */
export const SLACK_SWITCH_OFF_AFTER = 3;

export const slackSwitchedOffReason = (status: number, reason: string) =>
  `The Slack webhook refused ${SLACK_SWITCH_OFF_AFTER} notifications in a row (last answer: ${status}${
    reason ? ` ${reason}` : ''
  }), so Slack notifications were switched off. Check the webhook URL and switch Slack on again.`;

export const NOTIFICATION_SETTINGS_EVENT_TYPES = [
  'NotificationSettingsSaved',
  'SlackDeliveryFailed',
  'SlackDeliveryRecovered',
  'SlackNotificationsSwitchedOff',
] as const satisfies readonly (PersonalEventType | NotificationEventType)[];

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

/** Whether a delivery's answer is about the webhook the user has now, with Slack still on. */
function slackIsLive(
  state: NotificationSettingsState,
  webhookUrl: string,
): state is Extract<NotificationSettingsState, { status: 'saved' }> {
  return (
    state.status === 'saved' &&
    state.preferences.slackNotificationsEnabled &&
    state.preferences.slackWebhookUrl === webhookUrl
  );
}

/**
 * A user's notification settings (stream `notification-settings-<userId>`): each save replaces the whole object;
 * saving what is already stored (for the same team) appends nothing. The settings id is fixed by the first save.
 * Deliveries to the Slack webhook are recorded only when they change something: a refusal counts, an accepted
 * delivery after refusals resets the count, and the SLACK_SWITCH_OFF_AFTER-th refusal in a row switches Slack off
 * with the reason, until the user saves Slack on again.
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
      case 'RecordSlackDelivery': {
        if (!slackIsLive(state, command.webhookUrl)) return [];
        const { userId, outcome } = command;
        if (outcome.kind === 'delivered') {
          return state.slackFailures > 0 ? [{ type: 'SlackDeliveryRecovered', data: { userId } }] : [];
        }
        const consecutiveFailures = state.slackFailures + 1;
        const failed: NotificationSettingsEvent = {
          type: 'SlackDeliveryFailed',
          data: { userId, status: outcome.status, consecutiveFailures },
        };
        if (consecutiveFailures < SLACK_SWITCH_OFF_AFTER) return [failed];
        return [
          failed,
          {
            type: 'SlackNotificationsSwitchedOff',
            data: { userId, reason: slackSwitchedOffReason(outcome.status, outcome.reason) },
          },
        ];
      }
      default: {
        const unknown: never = command;
        throw new Error(`Unknown command ${String(unknown)}`);
      }
    }
  },

  evolve(state: NotificationSettingsState, event: NotificationSettingsEvent): NotificationSettingsState {
    switch (event.type) {
      case 'NotificationSettingsSaved':
        return {
          status: 'saved',
          settingsId: event.data.settingsId,
          teamId: event.data.teamId,
          preferences: preferencesOf(event.data),
          slackFailures: 0,
        };
      case 'SlackDeliveryFailed':
        return state.status === 'saved' ? { ...state, slackFailures: event.data.consecutiveFailures } : state;
      case 'SlackDeliveryRecovered':
        return state.status === 'saved' ? { ...state, slackFailures: 0 } : state;
      case 'SlackNotificationsSwitchedOff':
        return state.status === 'saved'
          ? { ...state, slackFailures: 0, preferences: { ...state.preferences, slackNotificationsEnabled: false } }
          : state;
      default: {
        const unknown: never = event;
        throw new Error(`Unknown event ${String(unknown)}`);
      }
    }
  },
};
