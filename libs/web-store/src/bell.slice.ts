import { createAction, createSlice } from '@reduxjs/toolkit';
import { loggedOut } from './session.slice';
import { snoozeChanged } from './notifications.saga';

/**
 * The bell's own state: the snooze. Its notifications and unread count are the one notifications cache
 * (`notifications.api.ts`), shared with the Notifications screen.
 */
export interface BellState {
  /** Until when notifications are snoozed (ISO time), or null. */
  snoozedUntil: string | null;
}

const initialState: BellState = { snoozedUntil: null };

/** 'End snooze' from the bell's snooze menu. */
export const snoozeEndRequested = createAction('bell/snoozeEndRequested');

export const bellSlice = createSlice({
  name: 'bell',
  initialState,
  reducers: {},
  extraReducers: (builder) =>
    builder
      .addCase(snoozeChanged, (state, action) => {
        state.snoozedUntil = action.payload;
      })
      .addCase(loggedOut, () => initialState),
  selectors: {
    selectBell: (state) => state,
    selectSnoozedUntil: (state) => state.snoozedUntil,
  },
});

export const { selectBell, selectSnoozedUntil } = bellSlice.selectors;
