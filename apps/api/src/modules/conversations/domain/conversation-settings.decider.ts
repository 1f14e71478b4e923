import { DEFAULT_CONVERSATION_SETTINGS, type ConversationSettings, type Role } from '@teaminbox/contracts';
import type { Decider } from '../../../platform/event-sourcing/decider';
import type { DomainEvent } from '../../../platform/event-sourcing/domain-event';
import { DomainError } from '../../../platform/event-sourcing/domain-error';

/** The team's conversation settings: one stream per team. */
export const conversationSettingsStreamId = (teamId: string) => `conversation-settings-${teamId}`;

/** Who may change how mail joins the team's conversations. */
export const CONVERSATION_SETTINGS_EDITORS: Role[] = ['ADMIN'];
export const CONVERSATION_SETTINGS_FORBIDDEN_MESSAGE = 'Only an admin can change the conversation settings';

export type ChangeConversationSettings = {
  type: 'ChangeConversationSettings';
  teamId: string;
  role: Role;
  settings: ConversationSettings;
};
export type ConversationSettingsEvent = DomainEvent<'ConversationSettingsChanged'>;

/**
 * The team's conversation settings (stream `conversation-settings-<teamId>`), the defaults until a first change. Only
 * an ADMIN changes them; a change to what they already are records nothing. The email-thread projection reads the
 * events in log order, so a rebuild joins the same emails as the settings did when they arrived.
 */
export const conversationSettingsDecider: Decider<
  ChangeConversationSettings,
  ConversationSettingsEvent,
  ConversationSettings
> = {
  eventTypes: ['ConversationSettingsChanged'],
  initialState: () => DEFAULT_CONVERSATION_SETTINGS,

  decide({ teamId, role, settings }, state) {
    if (!CONVERSATION_SETTINGS_EDITORS.includes(role)) {
      throw new DomainError('forbidden', CONVERSATION_SETTINGS_FORBIDDEN_MESSAGE);
    }
    if (settings.joinRepliesBySubject === state.joinRepliesBySubject) return [];
    return [
      { type: 'ConversationSettingsChanged', data: { teamId, joinRepliesBySubject: settings.joinRepliesBySubject } },
    ];
  },

  evolve: (state, event) => ({ ...state, joinRepliesBySubject: event.data.joinRepliesBySubject }),
};
