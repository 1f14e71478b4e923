import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import {
  DETAIL_VIEW_MODES,
  type DetailViewMode,
  type EmailAction,
  type EmailAttachment,
  type EmailDetail,
  type EmailPresence,
  type EmailStatus,
  type Label,
  type Priority,
  type Reply,
  type ThreadMessage,
} from '@teaminbox/contracts';
import { presenceChanged } from '@teaminbox/web-store';

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
 * The open email (/admin/email-detail/{id}): the email, its thread, replies and action log (for the timeline),
 * who is viewing it (live, for every email), the view mode, the assignee and label chosen in the cards, and an
 * attachment shown in the lightbox. `left` says the screen should return to the inbox.
 */
export interface EmailDetailState {
  id: string | null;
  status: 'loading' | 'missing' | 'ready';
  email: EmailDetail | null;
  left: boolean;
  thread: ThreadMessage[];
  replies: Reply[];
  actions: EmailAction[];
  viewMode: DetailViewMode;
  chosenMember: string | null;
  chosenLabel: string | null;
  lightbox: { name: string; url: string } | null;
  presence: Record<string, EmailPresence>;
}

const initialState = (): EmailDetailState => ({
  id: null,
  status: 'loading',
  email: null,
  left: false,
  thread: [],
  replies: [],
  actions: [],
  viewMode: storedViewMode(),
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
      Object.assign(state, { ...initialState(), viewMode: state.viewMode, presence: state.presence });
      state.id = action.payload;
    },
    detailClosed(state, action: PayloadAction<string>) {
      if (state.id === action.payload) state.id = null;
    },
    detailLoaded(state, action: PayloadAction<EmailDetail>) {
      if (action.payload.id !== state.id) return;
      state.status = 'ready';
      state.email = action.payload;
    },
    detailMissing(state) {
      state.status = 'missing';
      state.email = null;
    },
    /** The screen goes back to the inbox (the email left it, or could not be loaded). */
    /** This session's read mark of the open email was stored (its History view then lists it). */
    readMarked(_state, _action: PayloadAction<string>) {},
    detailLeft(state) {
      state.left = true;
    },
    historyLoaded(
      state,
      action: PayloadAction<{ id: string; thread: ThreadMessage[]; replies?: Reply[]; actions?: EmailAction[] }>,
    ) {
      if (action.payload.id !== state.id) return;
      state.thread = action.payload.thread;
      if (action.payload.replies) state.replies = action.payload.replies;
      if (action.payload.actions) state.actions = action.payload.actions;
    },
    viewModeChosen(state, action: PayloadAction<DetailViewMode>) {
      state.viewMode = action.payload;
    },
    /** The server's stored view mode, which wins over the local one once it has loaded. */
    viewModeLoaded(state, action: PayloadAction<DetailViewMode>) {
      state.viewMode = action.payload;
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
    builder.addCase(presenceChanged, (state, action) => {
      state.presence[action.payload.emailId] = action.payload;
    });
  },
});

export const {
  detailOpened,
  detailClosed,
  detailLoaded,
  detailMissing,
  detailLeft,
  readMarked,
  historyLoaded,
  viewModeChosen,
  viewModeLoaded,
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
