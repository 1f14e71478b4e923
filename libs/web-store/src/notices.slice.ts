import { createSlice, nanoid } from '@reduxjs/toolkit';

export type NoticeSeverity = 'success' | 'info' | 'warn' | 'error';

/** A short message for the user: an i18n key (with values) or a text from the server. */
export interface Notice {
  id: string;
  severity: NoticeSeverity;
  key?: string;
  values?: Record<string, string | number>;
  text?: string;
  lifeMs: number;
  /** An i18n key: the notice has a button with this label that closes it (instead of the close icon). */
  closeKey?: string;
}

export interface NoticesState {
  items: Notice[];
}

export const noticesSlice = createSlice({
  name: 'notices',
  initialState: { items: [] } as NoticesState,
  reducers: {
    noticeRaised: {
      reducer(state, action: { payload: Notice }) {
        state.items.push(action.payload);
      },
      prepare: (notice: Omit<Notice, 'id'>) => ({ payload: { ...notice, id: nanoid() } }),
    },
    noticeShown(state, action: { payload: string }) {
      state.items = state.items.filter((n) => n.id !== action.payload);
    },
  },
  selectors: {
    selectPendingNotices: (state) => state.items,
  },
});

export const { noticeRaised, noticeShown } = noticesSlice.actions;
export const { selectPendingNotices } = noticesSlice.selectors;
