import type { DetailViewMode, ListDensity, UserLanguage } from '@teaminbox/contracts';
import type { Decider } from '../../../platform/event-sourcing/decider';
import type { DomainEvent } from '../../../platform/event-sourcing/domain-event';

export const preferencesStreamId = (userId: string) => `preferences-${userId}`;

/** The fields a user changes; an absent field keeps its value. */
export interface PreferencesChange {
  emailDetailViewMode?: DetailViewMode;
  onVacation?: boolean;
  language?: UserLanguage;
  listDensity?: ListDensity;
  /** Seconds every send waits for "Undo" (0 to 30). */
  undoSendSeconds?: number;
}

export type ChangePreferences = { type: 'ChangePreferences'; data: { userId: string } & PreferencesChange };
export type PreferencesEvent = DomainEvent<'UserPreferencesChanged'>;

/**
 * A user's personal preferences (stream `preferences-<userId>`): each change records the fields given, so the
 * last write of a field wins; a change that names no field records nothing.
 */
export const preferencesDecider: Decider<ChangePreferences, PreferencesEvent, null> = {
  eventTypes: ['UserPreferencesChanged'],
  initialState: () => null,

  decide({ data }) {
    const { userId, emailDetailViewMode, onVacation, language, listDensity, undoSendSeconds } = data;
    const change: PreferencesChange = {};
    if (emailDetailViewMode !== undefined) change.emailDetailViewMode = emailDetailViewMode;
    if (onVacation !== undefined) change.onVacation = onVacation;
    if (language !== undefined) change.language = language;
    if (listDensity !== undefined) change.listDensity = listDensity;
    if (undoSendSeconds !== undefined) change.undoSendSeconds = undoSendSeconds;
    if (Object.keys(change).length === 0) return [];
    return [{ type: 'UserPreferencesChanged', data: { userId, ...change } }];
  },

  evolve: (state) => state,
};
