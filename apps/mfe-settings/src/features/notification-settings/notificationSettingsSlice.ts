import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { type CurrentUser, defaultNotificationPreferences, type NotificationSettings } from '@teaminbox/contracts';

export interface NotificationSettingsState {
  /** The settings being edited; null until loaded. */
  settings: NotificationSettings | null;
  loading: boolean;
  saving: boolean;
  onVacation: boolean;
  savingAvailability: boolean;
}

export const initialNotificationSettingsState: NotificationSettingsState = {
  settings: null,
  loading: false,
  saving: false,
  onVacation: false,
  savingAvailability: false,
};

/** The defaults built from the current user (spec section 4: email and push on, Slack off). */
export function defaultSettingsFor(user: Pick<CurrentUser, 'id' | 'teamId'> | null): NotificationSettings {
  return {
    id: null,
    userId: user?.id ?? '',
    teamId: user?.teamId ?? null,
    ...defaultNotificationPreferences(),
    mutedEmailIds: [],
    slackDisabledReason: null,
  };
}

export const notificationSettingsSlice = createSlice({
  name: 'notificationSettings',
  initialState: initialNotificationSettingsState,
  reducers: {
    settingsRequested(state) {
      state.loading = true;
    },
    settingsLoaded(state, action: PayloadAction<NotificationSettings>) {
      state.loading = false;
      state.settings = action.payload;
    },
    availabilityLoaded(state, action: PayloadAction<boolean>) {
      state.onVacation = action.payload;
    },
    settingsEdited(state, action: PayloadAction<NotificationSettings>) {
      state.settings = action.payload;
    },
    vacationToggled(state, action: PayloadAction<boolean>) {
      state.onVacation = action.payload;
    },
    saveRequested(state) {
      state.saving = true;
    },
    saveFinished(state, action: PayloadAction<NotificationSettings | null>) {
      state.saving = false;
      if (action.payload) state.settings = action.payload;
    },
    /** 'Reset to defaults': the form shows the defaults; they are stored by Save. */
    resetRequested(state, action: PayloadAction<Pick<CurrentUser, 'id' | 'teamId'> | null>) {
      const current = state.settings;
      state.settings = {
        ...defaultSettingsFor(action.payload),
        id: current?.id ?? null,
        mutedEmailIds: current?.mutedEmailIds ?? [],
      };
    },
    availabilitySaveRequested(state) {
      state.savingAvailability = true;
    },
    availabilitySaveFinished(state, action: PayloadAction<boolean | null>) {
      state.savingAvailability = false;
      if (action.payload !== null) state.onVacation = action.payload;
    },
  },
});

export const {
  settingsRequested,
  settingsLoaded,
  availabilityLoaded,
  settingsEdited,
  vacationToggled,
  saveRequested,
  saveFinished,
  resetRequested,
  availabilitySaveRequested,
  availabilitySaveFinished,
} = notificationSettingsSlice.actions;

export const selectNotificationSettings = (state: {
  notificationSettings?: NotificationSettingsState;
}): NotificationSettingsState => state.notificationSettings ?? initialNotificationSettingsState;

declare module '@teaminbox/web-store' {
  interface LazyLoadedSlices {
    notificationSettings: NotificationSettingsState;
  }
}
