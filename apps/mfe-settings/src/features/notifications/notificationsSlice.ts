import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { Notification } from '@teaminbox/contracts';
import { notificationArrived, notificationCountChanged } from '@teaminbox/web-store';

export interface NotificationsState {
  items: Notification[];
  loading: boolean;
  unreadCount: number | null;
}

export const initialNotificationsState: NotificationsState = { items: [], loading: false, unreadCount: null };

/**
 * The caller's notifications: the newest page, live notifications put at the top (an id already listed is dropped),
 * and the unread count. Read state changes only after the server accepted it (spec section 4).
 */
export const notificationsSlice = createSlice({
  name: 'notifications',
  initialState: initialNotificationsState,
  reducers: {
    listRequested(state) {
      state.loading = true;
    },
    /**
     * The newest page as the server has it, with the live notifications newer than its newest kept on top: one pushed
     * while the list was being read may not be in it yet.
     */
    listLoaded(state, action: PayloadAction<Notification[]>) {
      state.loading = false;
      const loaded = action.payload;
      const listed = new Set(loaded.map((n) => n.id));
      const newest = loaded.reduce((max, n) => (n.createdAt > max ? n.createdAt : max), '');
      const newer = state.items.filter((n) => !listed.has(n.id) && n.createdAt > newest);
      state.items = [...newer, ...loaded];
    },
    /** Loading stops; the list stays as it was (the failure is only logged). */
    listLoadFailed(state) {
      state.loading = false;
    },
    markReadRequested(_state, _action: PayloadAction<string>) {},
    notificationMarkedRead(state, action: PayloadAction<Notification>) {
      const item = state.items.find((n) => n.id === action.payload.id);
      if (item) Object.assign(item, { read: true, isRead: true, readAt: action.payload.readAt });
    },
    markAllReadRequested() {},
    allMarkedRead(state) {
      const now = new Date().toISOString();
      for (const item of state.items) {
        if (!item.read) Object.assign(item, { read: true, isRead: true, readAt: now });
      }
      state.unreadCount = 0;
    },
    unreadCountLoaded(state, action: PayloadAction<number>) {
      state.unreadCount = action.payload;
    },
  },
  extraReducers: (builder) => {
    builder
      .addCase(notificationArrived, (state, action) => {
        if (state.items.some((n) => n.id === action.payload.id)) return;
        state.items.unshift(action.payload);
      })
      .addCase(notificationCountChanged, (state, action) => {
        state.unreadCount = action.payload;
      });
  },
});

export const {
  listRequested,
  listLoaded,
  listLoadFailed,
  markReadRequested,
  notificationMarkedRead,
  markAllReadRequested,
  allMarkedRead,
  unreadCountLoaded,
} = notificationsSlice.actions;

export const selectNotifications = (state: { notifications?: NotificationsState }): NotificationsState =>
  state.notifications ?? initialNotificationsState;

declare module '@teaminbox/web-store' {
  interface LazyLoadedSlices {
    notifications: NotificationsState;
  }
}
