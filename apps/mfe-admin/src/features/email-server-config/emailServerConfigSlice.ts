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

export interface EmailServerConfigState {
  /** The stored configuration; null when there is none yet (404) or before the first load. */
  stored: EmailServerConfig | null;
  draft: EmailServerConfigDraft;
  editing: boolean;
  loading: boolean;
  testing: boolean;
  saving: boolean;
  fetching: boolean;
  folders: string[];
  foldersLoading: boolean;
  message: ConfigMessage | null;
}

export const initialEmailServerConfigState: EmailServerConfigState = {
  stored: null,
  draft: NEW_CONFIG_DRAFT,
  editing: false,
  loading: false,
  testing: false,
  saving: false,
  fetching: false,
  folders: [],
  foldersLoading: false,
  message: null,
};

function showStored(state: EmailServerConfigState, config: EmailServerConfig) {
  state.stored = config;
  state.draft = draftOf(config);
  state.editing = false;
}

export const emailServerConfigSlice = createSlice({
  name: 'emailServerConfig',
  initialState: initialEmailServerConfigState,
  reducers: {
    /** Page opened, or Cancel: the stored configuration is (re)loaded. */
    configRequested(state) {
      state.loading = true;
    },
    configLoaded(state, action: PayloadAction<EmailServerConfig>) {
      state.loading = false;
      showStored(state, action.payload);
    },
    /** 404: no configuration yet, a new one is edited with the defaults. */
    configMissing(state) {
      state.loading = false;
      state.stored = null;
      state.draft = NEW_CONFIG_DRAFT;
      state.editing = true;
    },
    configLoadFailed(state) {
      state.loading = false;
      state.message = { severity: 'error', key: 'loadFailed' };
    },
    /** A background refresh (sync status): the form follows only when it is not being edited. */
    configRefreshed(state, action: PayloadAction<EmailServerConfig>) {
      if (state.editing) {
        state.stored = action.payload;
      } else {
        showStored(state, action.payload);
      }
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
    testRequested(state) {
      state.testing = true;
      state.message = null;
    },
    testFinished(state, action: PayloadAction<ConfigMessage>) {
      state.testing = false;
      state.message = action.payload;
    },
    saveRequested(state) {
      state.saving = true;
      state.message = null;
    },
    configSaved(state, action: PayloadAction<EmailServerConfig>) {
      state.saving = false;
      showStored(state, action.payload);
      state.message = { severity: 'success', key: 'saved' };
    },
    saveFailed(state) {
      state.saving = false;
      state.message = { severity: 'error', key: 'saveFailed' };
    },
    /** The draft did not pass validation: nothing was sent. */
    saveRejected(state, action: PayloadAction<ConfigMessage>) {
      state.saving = false;
      state.message = action.payload;
    },
    fetchEmailsRequested(state) {
      state.fetching = true;
      state.message = null;
    },
    fetchEmailsFinished(state, action: PayloadAction<ConfigMessage>) {
      state.fetching = false;
      state.message = action.payload;
    },
    foldersRequested(state) {
      state.foldersLoading = true;
    },
    foldersLoaded(state, action: PayloadAction<string[]>) {
      state.foldersLoading = false;
      state.folders = action.payload;
    },
    foldersFailed(state) {
      state.foldersLoading = false;
      state.message = { severity: 'error', key: 'foldersFailed' };
    },
    oauthRequested(_state, _action: PayloadAction<'google' | 'microsoft'>) {},
    /** The page is open: the sync status is refreshed while the configuration is active or syncing. */
    pollingStarted() {},
    pollingStopped() {},
  },
});

export const {
  configRequested,
  configLoaded,
  configMissing,
  configLoadFailed,
  configRefreshed,
  editStarted,
  draftChanged,
  presetApplied,
  messageShown,
  testRequested,
  testFinished,
  saveRequested,
  configSaved,
  saveFailed,
  saveRejected,
  fetchEmailsRequested,
  fetchEmailsFinished,
  foldersRequested,
  foldersLoaded,
  foldersFailed,
  oauthRequested,
  pollingStarted,
  pollingStopped,
} = emailServerConfigSlice.actions;

declare module '@teaminbox/web-store' {
  interface LazyLoadedSlices {
    emailServerConfig: EmailServerConfigState;
  }
}

export const selectEmailServerConfig = (state: {
  emailServerConfig?: EmailServerConfigState;
}): EmailServerConfigState => state.emailServerConfig ?? initialEmailServerConfigState;
