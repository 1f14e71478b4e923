import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { EmailServerConfig } from '@teaminbox/contracts';
import {
  draftOf,
  NEW_CONFIG_DRAFT,
  presetFields,
  type EmailServerConfigDraft,
  type PresetKey,
} from './emailServerConfigRules';

/** A message of the screen: an i18n key under emailServerConfig (with its values) or the server's own text. */
export interface ConfigMessage {
  severity: 'success' | 'info' | 'error';
  key?: string;
  params?: Record<string, string>;
  text?: string;
}

/**
 * The screen's form: what is edited and the message shown. The stored configuration, its sync status, the folders
 * and the quarantine are server data in the api cache (`mail-server.api.ts` of web-store).
 */
export interface EmailServerConfigState {
  draft: EmailServerConfigDraft;
  editing: boolean;
  message: ConfigMessage | null;
}

export const initialEmailServerConfigState: EmailServerConfigState = {
  draft: NEW_CONFIG_DRAFT,
  editing: false,
  message: null,
};

function showStored(state: EmailServerConfigState, config: EmailServerConfig | null) {
  state.draft = config ? draftOf(config) : NEW_CONFIG_DRAFT;
  // Without a configuration (404) a new one is edited with the defaults.
  state.editing = config === null;
}

export const emailServerConfigSlice = createSlice({
  name: 'emailServerConfig',
  initialState: initialEmailServerConfigState,
  reducers: {
    /** The page opened: it shows the stored configuration as it loads. */
    configOpened(state) {
      state.editing = false;
    },
    /**
     * The cached configuration arrived or changed (a load, a sync status refresh): the form follows only when it is
     * not being edited; none stored opens a new one.
     */
    configShown(state, action: PayloadAction<EmailServerConfig | null>) {
      if (!state.editing) showStored(state, action.payload);
    },
    /** Cancel: the edits go; the stored configuration shows again (and is loaded again). */
    editCancelled(state, action: PayloadAction<EmailServerConfig | null>) {
      showStored(state, action.payload);
    },
    configSaved(state, action: PayloadAction<EmailServerConfig>) {
      showStored(state, action.payload);
      state.message = { severity: 'success', key: 'saved' };
    },
    editStarted(state) {
      state.editing = true;
    },
    draftChanged(state, action: PayloadAction<Partial<EmailServerConfigDraft>>) {
      state.draft = { ...state.draft, ...action.payload };
    },
    presetApplied(state, action: PayloadAction<PresetKey>) {
      state.draft = { ...state.draft, ...presetFields(action.payload) };
    },
    messageShown(state, action: PayloadAction<ConfigMessage>) {
      state.message = action.payload;
    },
    messageCleared(state) {
      state.message = null;
    },
    quarantineSourceRequested(_state, _action: PayloadAction<{ id: string; uid: number }>) {},
  },
});

export const {
  configOpened,
  configShown,
  editCancelled,
  configSaved,
  editStarted,
  draftChanged,
  presetApplied,
  messageShown,
  messageCleared,
  quarantineSourceRequested,
} = emailServerConfigSlice.actions;

declare module '@teaminbox/web-store' {
  interface LazyLoadedSlices {
    emailServerConfig: EmailServerConfigState;
  }
}

export const selectEmailServerConfig = (state: {
  emailServerConfig?: EmailServerConfigState;
}): EmailServerConfigState => state.emailServerConfig ?? initialEmailServerConfigState;
