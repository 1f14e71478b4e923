import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { detailOpened } from './emailDetailSlice';

/**
 * The History view of the open email: whether it is open, and the instant of the "as of" control. The view's events
 * and the email as it stood then come from the api cache (`emailHistory`, `emailAsOf`); while `asOf` is set the
 * detail shows the past, read-only.
 */
export interface EmailHistoryState {
  emailId: string | null;
  open: boolean;
  asOf: string | null;
}

const initialState = (): EmailHistoryState => ({ emailId: null, open: false, asOf: null });

export const emailHistorySlice = createSlice({
  name: 'emailHistory',
  initialState,
  reducers: {
    /** Opens or closes the History view of an email (opening loads its events). */
    historyViewToggled(state, action: PayloadAction<{ emailId: string; open: boolean }>) {
      if (state.emailId !== action.payload.emailId) Object.assign(state, initialState());
      state.emailId = action.payload.emailId;
      state.open = action.payload.open;
    },
    /** Shows the email as it stood at an instant (ISO-8601). */
    asOfChosen(state, action: PayloadAction<{ emailId: string; asOf: string }>) {
      if (action.payload.emailId !== state.emailId) return;
      state.asOf = action.payload.asOf;
    },
    /** Back to today's email: the past is dropped, every control works again. */
    backToNow(state) {
      state.asOf = null;
    },
  },
  extraReducers: (builder) => {
    // Another email (or the same one opened again) starts with the view closed.
    builder.addCase(detailOpened, () => initialState());
  },
});

export const { historyViewToggled, asOfChosen, backToNow } = emailHistorySlice.actions;

declare module '@teaminbox/web-store' {
  interface LazyLoadedSlices {
    emailHistory: EmailHistoryState;
  }
}

let fallback: EmailHistoryState | undefined;

export const selectEmailHistory = (state: { emailHistory?: EmailHistoryState }): EmailHistoryState =>
  state.emailHistory ?? (fallback ??= initialState());
