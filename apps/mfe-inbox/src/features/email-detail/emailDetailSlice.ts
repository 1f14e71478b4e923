import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import {
  DETAIL_VIEW_MODES,
  type DetailViewMode,
  type EmailAttachment,
  type EmailDetail,
  type EmailPresence,
  type EmailStatus,
  type Label,
  type Priority,
} from '@teaminbox/contracts';
import { inboxApi as inboxCache, presenceChanged, settingsApi } from '@teaminbox/web-store';

export const VIEW_MODE_STORAGE_KEY = 'emailDetailViewMode';

/** The view mode kept in this browser (classic unless a known mode is stored). */
export function storedViewMode(): DetailViewMode {
  try {
    const value = window.localStorage.getItem(VIEW_MODE_STORAGE_KEY);
    return (DETAIL_VIEW_MODES as readonly string[]).includes(value ?? '') ? (value as DetailViewMode) : 'classic';
  } catch {
    return 'classic';
  }
}

/** What the user can do to the open email from its screen; each is one API call. */
export type DetailCommand =
  | { kind: 'archive' | 'unarchive' | 'spam' | 'notSpam' | 'mute' | 'unmute' | 'markUnread' | 'unassign' }
  | { kind: 'assign'; userId: string; mine: boolean }
  | { kind: 'addLabel'; label: Label }
  | { kind: 'removeLabel'; labelId: string }
  | { kind: 'setStatus'; status: EmailStatus }
  | { kind: 'setPriority'; priority: Priority };

/**
 * The open email (/admin/email-detail/{id}) as the screen keeps it: which email is open, the view mode chosen here
 * (until the person's preferences replace it) and the one this browser remembered, the assignee and label chosen in
 * the cards, an attachment shown in the lightbox and who is viewing it (live, for every email). `left` says the screen should return
 * to the inbox. The email, its thread, replies and action log are the api cache's (`emailDetail`, `detailApi`,
 * `replyApi`, `emailActions`).
 */
export interface EmailDetailState {
  id: string | null;
  left: boolean;
  /** The view mode this browser remembered when the screen started. */
  storedViewMode: DetailViewMode;
  /** The view mode chosen here, until the person's preferences load or are stored again. */
  chosenViewMode: DetailViewMode | null;
  chosenMember: string | null;
  chosenLabel: string | null;
  lightbox: { name: string; url: string } | null;
  presence: Record<string, EmailPresence>;
}

const initialState = (): EmailDetailState => ({
  id: null,
  left: false,
  storedViewMode: storedViewMode(),
  chosenViewMode: null,
  chosenMember: null,
  chosenLabel: null,
  lightbox: null,
  presence: {},
});

export const emailDetailSlice = createSlice({
  name: 'emailDetail',
  initialState,
  reducers: {
    detailOpened(state, action: PayloadAction<string>) {
      const { storedViewMode, chosenViewMode, presence } = state;
      Object.assign(state, { ...initialState(), storedViewMode, chosenViewMode, presence });
      state.id = action.payload;
    },
    detailClosed(state, action: PayloadAction<string>) {
      if (state.id === action.payload) state.id = null;
    },
    /** The open email came from the server as the page opened it (the reply form is set up from it once). */
    detailLoaded(_state, _action: PayloadAction<EmailDetail>) {},
    /** This session's read mark of the open email was stored (its History view then lists it). */
    readMarked(_state, _action: PayloadAction<string>) {},
    /** The screen goes back to the inbox (the email left it, or could not be loaded). */
    detailLeft(state) {
      state.left = true;
    },
    viewModeChosen(state, action: PayloadAction<DetailViewMode>) {
      state.chosenViewMode = action.payload;
    },
    memberChosen(state, action: PayloadAction<string | null>) {
      state.chosenMember = action.payload;
    },
    labelChosen(state, action: PayloadAction<string | null>) {
      state.chosenLabel = action.payload;
    },
    commandRequested: {
      reducer() {},
      prepare: (emailId: string, command: DetailCommand) => ({ payload: { emailId, command } }),
    },
    commandSucceeded(state, action: PayloadAction<DetailCommand>) {
      if (action.payload.kind === 'addLabel') state.chosenLabel = null;
    },
    attachmentRequested: {
      reducer() {},
      prepare: (attachment: EmailAttachment, preview: boolean) => ({ payload: { attachment, preview } }),
    },
    lightboxOpened(state, action: PayloadAction<{ name: string; url: string }>) {
      state.lightbox = action.payload;
    },
    lightboxClosed(state) {
      state.lightbox = null;
    },
  },
  extraReducers: (builder) => {
    builder
      .addCase(presenceChanged, (state, action) => {
        state.presence[action.payload.emailId] = action.payload;
      })
      // The person's preferences loaded or stored (here or on the Profile): their view mode is the one shown now.
      .addMatcher(settingsApi.endpoints.userPreferences.matchFulfilled, (state) => {
        state.chosenViewMode = null;
      });
  },
});

export const {
  detailOpened,
  detailClosed,
  detailLoaded,
  detailLeft,
  readMarked,
  viewModeChosen,
  memberChosen,
  labelChosen,
  commandRequested,
  commandSucceeded,
  attachmentRequested,
  lightboxOpened,
  lightboxClosed,
} = emailDetailSlice.actions;

declare module '@teaminbox/web-store' {
  interface LazyLoadedSlices {
    emailDetail: EmailDetailState;
  }
}

let fallback: EmailDetailState | undefined;

export const selectEmailDetail = (state: { emailDetail?: EmailDetailState }): EmailDetailState =>
  state.emailDetail ?? (fallback ??= initialState());

/** The open email as the api cache holds it (null while it loads, or when it could not be loaded). */
export function selectOpenEmail(state: { emailDetail?: EmailDetailState }): EmailDetail | null {
  const { id } = selectEmailDetail(state);
  return id ? (inboxCache.endpoints.emailDetail.select(id)(state as never).data ?? null) : null;
}

/**
 * The view mode shown: the last one chosen or loaded. A choice shows at once; the person's preferences (loaded, or
 * stored by a choice here or on the Profile) replace it; before they have loaded, the one this browser remembered.
 */
export function selectViewMode(state: { emailDetail?: EmailDetailState }): DetailViewMode {
  const { chosenViewMode, storedViewMode } = selectEmailDetail(state);
  const preferences = settingsApi.endpoints.userPreferences.select()(state as never).data;
  return chosenViewMode ?? preferences?.emailDetailViewMode ?? storedViewMode;
}
