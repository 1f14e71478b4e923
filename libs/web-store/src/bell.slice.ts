import { createAction, createSlice } from '@reduxjs/toolkit';
import type { Notification } from '@teaminbox/contracts';
import { notificationArrived, notificationCountChanged } from './events';
import { loggedOut } from './session.slice';
import { snoozeChanged } from './notifications.saga';

/** How many recent notifications the bell's panel lists. */
export const BELL_RECENT_SIZE = 10;

export interface BellState {
  /** The signed-in user's unread notifications (`user.notification-count` keeps it live). */
  unreadCount: number;
  /** The newest notifications, newest first. */
  recent: Notification[];
  loading: boolean;
  /** Until when notifications are snoozed (ISO time), or null. */
  snoozedUntil: string | null;
}

const initialState: BellState = { unreadCount: 0, recent: [], loading: false, snoozedUntil: null };

/** The bell's panel opened: its list is loaded again. */
export const bellOpened = createAction('bell/opened');
/** An item of the bell's panel was clicked: marked read (the component opens its actionUrl). */
export const bellItemChosen = createAction<Notification>('bell/itemChosen');
/** 'Mark all as read' from the bell. */
export const bellMarkAllRequested = createAction('bell/markAllRequested');
/** 'End snooze' from the bell's snooze menu. */
export const snoozeEndRequested = createAction('bell/snoozeEndRequested');

export const bellSlice = createSlice({
  name: 'bell',
  initialState,
  reducers: {
    bellLoading(state) {
      state.loading = true;
    },
    bellLoaded(state, action: { payload: { recent: Notification[]; unreadCount?: number } }) {
      state.loading = false;
      state.recent = action.payload.recent.slice(0, BELL_RECENT_SIZE);
      if (action.payload.unreadCount !== undefined) state.unreadCount = action.payload.unreadCount;
    },
    bellLoadFailed(state) {
      state.loading = false;
    },
    bellItemRead(state, action: { payload: string }) {
      const item = state.recent.find((n) => n.id === action.payload);
      if (item && !item.read) {
        item.read = true;
        item.isRead = true;
      }
    },
    bellAllRead(state) {
      for (const item of state.recent) {
        item.read = true;
        item.isRead = true;
      }
      state.unreadCount = 0;
    },
  },
  extraReducers: (builder) =>
    builder
      .addCase(notificationArrived, (state, action) => {
        if (state.recent.some((n) => n.id === action.payload.id)) return;
        state.recent = [action.payload, ...state.recent].slice(0, BELL_RECENT_SIZE);
      })
      .addCase(notificationCountChanged, (state, action) => {
        state.unreadCount = action.payload;
      })
      .addCase(snoozeChanged, (state, action) => {
        state.snoozedUntil = action.payload;
      })
      .addCase(loggedOut, () => initialState),
  selectors: {
    selectBell: (state) => state,
    selectBellUnreadCount: (state) => state.unreadCount,
  },
});

export const { bellLoading, bellLoaded, bellLoadFailed, bellItemRead, bellAllRead } = bellSlice.actions;
export const { selectBell, selectBellUnreadCount } = bellSlice.selectors;
