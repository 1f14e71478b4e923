import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { EmailAsOf, EmailHistoryEntry } from '@teaminbox/contracts';

/**
 * The History view of the open email (its events, loaded when the view opens) and the "as of" control: the
 * instant chosen and the email as it stood then. While `past` is set the detail shows the past, read-only.
 */
export interface EmailHistoryState {
  emailId: string | null;
  open: boolean;
  status: 'idle' | 'loading' | 'ready' | 'failed';
  entries: EmailHistoryEntry[];
  asOf: string | null;
  pastStatus: 'idle' | 'loading' | 'ready' | 'missing' | 'failed';
  past: EmailAsOf | null;
}

const initialState = (): EmailHistoryState => ({
  emailId: null,
  open: false,
  status: 'idle',
  entries: [],
  asOf: null,
  pastStatus: 'idle',
  past: null,
});

export const emailHistorySlice = createSlice({
  name: 'emailHistory',
  initialState,
  reducers: {
    /** Opens or closes the History view of an email (opening loads its events). */
    historyViewToggled(state, action: PayloadAction<{ emailId: string; open: boolean }>) {
      if (state.emailId !== action.payload.emailId) Object.assign(state, initialState());
      state.emailId = action.payload.emailId;
      state.open = action.payload.open;
      if (action.payload.open) state.status = 'loading';
    },
    historyEntriesLoaded(state, action: PayloadAction<{ emailId: string; entries: EmailHistoryEntry[] }>) {
      if (action.payload.emailId !== state.emailId) return;
      state.status = 'ready';
      state.entries = action.payload.entries;
    },
    historyEntriesFailed(state) {
      state.status = 'failed';
    },
    /** Shows the email as it stood at an instant (ISO-8601). */
    asOfChosen(state, action: PayloadAction<{ emailId: string; asOf: string }>) {
      if (action.payload.emailId !== state.emailId) return;
      state.asOf = action.payload.asOf;
      state.pastStatus = 'loading';
    },
    asOfLoaded(state, action: PayloadAction<EmailAsOf>) {
      if (action.payload.id !== state.emailId || state.asOf === null) return;
      state.pastStatus = 'ready';
      state.past = action.payload;
    },
    asOfFailed(state, action: PayloadAction<'missing' | 'failed'>) {
      state.pastStatus = action.payload;
      state.past = null;
    },
    /** Back to today's email: the past is dropped, every control works again. */
    backToNow(state) {
      state.asOf = null;
      state.pastStatus = 'idle';
      state.past = null;
    },
    historyClosed() {
      return initialState();
    },
  },
});

export const {
  historyViewToggled,
  historyEntriesLoaded,
  historyEntriesFailed,
  asOfChosen,
  asOfLoaded,
  asOfFailed,
  backToNow,
  historyClosed,
} = emailHistorySlice.actions;

declare module '@teaminbox/web-store' {
  interface LazyLoadedSlices {
    emailHistory: EmailHistoryState;
  }
}

let fallback: EmailHistoryState | undefined;

export const selectEmailHistory = (state: { emailHistory?: EmailHistoryState }): EmailHistoryState =>
  state.emailHistory ?? (fallback ??= initialState());

/** The email as it stood at the chosen instant, when the detail shows the past (read-only). */
export const selectPastEmail = (state: { emailHistory?: EmailHistoryState }): EmailAsOf | null => {
  const history = selectEmailHistory(state);
  return history.asOf !== null && history.pastStatus === 'ready' ? history.past : null;
};

/** True while the detail shows (or loads) a past state: every action control is disabled. */
export const selectViewingPast = (state: { emailHistory?: EmailHistoryState }): boolean =>
  selectEmailHistory(state).asOf !== null;
