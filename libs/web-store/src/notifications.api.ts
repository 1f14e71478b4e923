import type { Action, UnknownAction } from '@reduxjs/toolkit';
import { NOTIFICATION_PAGE_SIZE, type Notification, type Page } from '@teaminbox/contracts';
import { useSelector } from 'react-redux';
import { webApi, type ApiFailure } from './api';
import { notificationArrived, notificationCountChanged } from './events';
import { noticeRaised } from './notices.slice';
import { connected } from './realtime.slice';
import { selectCurrentUser, type SessionState } from './session.slice';

const enc = encodeURIComponent;

/** A page of the person's notifications, as `GET /notifications?page&size` asks for it. */
export interface NotificationsPage {
  page: number;
  size: number;
}

/** The newest page (spec: page 0, size 20): the Notifications screen lists it and the bell shows its first few. */
export const NEWEST_NOTIFICATIONS: NotificationsPage = { page: 0, size: NOTIFICATION_PAGE_SIZE };

/** How many recent notifications the bell's panel lists (the first of the newest page). */
export const BELL_RECENT_SIZE = 10;

const warn = (what: string, failed: unknown) => console.warn(what, (failed as { error?: ApiFailure }).error ?? failed);

/**
 * The newest page as the server has it, with the live notifications not older than its newest kept on top: one
 * pushed while the page was being read may not be in it yet.
 */
function keepNewerLive(cached: Notification[], loaded: Notification[]): Notification[] {
  const listed = new Set(loaded.map((n) => n.id));
  const newest = loaded.reduce((max, n) => (n.createdAt > max ? n.createdAt : max), '');
  return [...cached.filter((n) => !listed.has(n.id) && n.createdAt >= newest), ...loaded];
}

/**
 * The signed-in person's notifications (spec admin-and-personal sections 2, 4 and 7): one cache for the bell and the
 * Notifications screen. The pages and the unread count are read from the server; a live notification is put on top
 * of the newest page, the pushed count replaces the cached one, and both are read again when the socket connects
 * (`notificationsCacheChanges`). Read marks change the cache only after the server accepted them (spec section 4);
 * their notices are raised here, whichever screen asked. Every call is `handled`.
 */
export const personalNotificationsApi = webApi
  .enhanceEndpoints({ addTagTypes: ['Notification', 'NotificationCount'] })
  .injectEndpoints({
    endpoints: (build) => ({
      /** The spec answers an array or a page with content. A load failure is logged; the list stays as it was. */
      notifications: build.query<Notification[], NotificationsPage>({
        query: ({ page, size }) => ({ path: '/notifications', query: { page, size }, handled: true }),
        transformResponse: (answer: Page<Notification> | Notification[]) =>
          Array.isArray(answer) ? answer : answer.content,
        merge: (cached, loaded) => keepNewerLive(cached, loaded),
        providesTags: ['Notification'],
        async onQueryStarted(_page, { queryFulfilled }) {
          await queryFulfilled.catch((failed: unknown) => warn('notifications could not be loaded', failed));
        },
      }),
      /** A load failure is logged; the count comes again with the next push. */
      notificationUnreadCount: build.query<number, void>({
        query: () => ({ path: '/notifications/unread-count', handled: true }),
        transformResponse: (count: unknown) => Number(count),
        providesTags: ['NotificationCount'],
        async onQueryStarted(_arg, { queryFulfilled }) {
          await queryFulfilled.catch((failed: unknown) => warn('the unread count could not be loaded', failed));
        },
      }),
      /** Marked read in every cached page once the server accepted it; the count comes back over the socket. */
      markNotificationRead: build.mutation<Notification, string>({
        query: (id) => ({ path: `/notifications/${enc(id)}/read`, method: 'PUT', handled: true }),
        async onQueryStarted(id, { dispatch, getState, queryFulfilled }) {
          let readAt: string | null;
          try {
            const { data } = await queryFulfilled;
            readAt = data?.readAt ?? new Date().toISOString();
          } catch (failed) {
            warn('the notification could not be marked read', failed);
            dispatch(noticeRaised({ severity: 'error', key: 'notifications.markError', lifeMs: 3000 }));
            return;
          }
          for (const page of cachedPages(getState())) {
            dispatch(
              personalNotificationsApi.util.updateQueryData('notifications', page, (items) => {
                const item = items.find((n) => n.id === id);
                if (item && !item.read) Object.assign(item, { read: true, isRead: true, readAt });
              }),
            );
          }
        },
      }),
      /** Every cached notification read and the count 0 once the server accepted it, with the spec's notices. */
      markAllNotificationsRead: build.mutation<unknown, void>({
        query: () => ({ path: '/notifications/mark-all-read', method: 'PUT', handled: true }),
        async onQueryStarted(_arg, { dispatch, getState, queryFulfilled }) {
          try {
            await queryFulfilled;
          } catch (failed) {
            warn('the notifications could not be marked read', failed);
            dispatch(noticeRaised({ severity: 'error', key: 'notifications.markAllError', lifeMs: 3000 }));
            return;
          }
          const readAt = new Date().toISOString();
          for (const page of cachedPages(getState())) {
            dispatch(
              personalNotificationsApi.util.updateQueryData('notifications', page, (items) => {
                for (const item of items) if (!item.read) Object.assign(item, { read: true, isRead: true, readAt });
              }),
            );
          }
          dispatch(personalNotificationsApi.util.updateQueryData('notificationUnreadCount', undefined, () => 0));
          dispatch(noticeRaised({ severity: 'success', key: 'notifications.allMarked', lifeMs: 2000 }));
        },
      }),
    }),
  });

type NotificationsState = Parameters<typeof personalNotificationsApi.util.selectCachedArgsForQuery>[0];

const cachedPages = (state: unknown): NotificationsPage[] =>
  personalNotificationsApi.util.selectCachedArgsForQuery(state as NotificationsState, 'notifications');

/** The cached count replaced at once (an entry not loaded yet is created with it). */
function countChange(state: unknown, count: number): CacheChange {
  const { util, endpoints } = personalNotificationsApi;
  return endpoints.notificationUnreadCount.select()(state as NotificationsState).data === undefined
    ? util.upsertQueryData('notificationUnreadCount', undefined, count)
    : util.updateQueryData('notificationUnreadCount', undefined, () => count);
}

/** The pushes that change the cached notifications (`notificationsCacheChanges`). */
export const NOTIFICATION_PUSHES: readonly string[] = [
  notificationArrived.type,
  notificationCountChanged.type,
  connected.type,
];

/** An action or a thunk of the cache's utilities (`updateQueryData`, `upsertQueryData`), dispatched by the caller. */
type CacheChange = UnknownAction | ((...thunkArgs: never[]) => unknown);

/**
 * What a push changes in the cached notifications: a live notification goes on top of each cached first page (once;
 * a page still loading is read again after), the pushed count replaces the cached one, and a socket that (re)connects
 * may have missed pushes, so the pages and the count are read again.
 */
export function notificationsCacheChanges(action: Action, state: unknown): CacheChange[] {
  const { util } = personalNotificationsApi;
  if (notificationArrived.match(action)) {
    const live = action.payload;
    const entries = personalNotificationsApi.endpoints.notifications;
    return cachedPages(state)
      .filter((page) => page.page === 0)
      .map((page) =>
        entries.select(page)(state as NotificationsState).data
          ? util.updateQueryData('notifications', page, (items) => {
              if (items.some((n) => n.id === live.id)) return;
              items.unshift(live);
            })
          : util.invalidateTags(['Notification']),
      );
  }
  if (notificationCountChanged.match(action)) return [countChange(state, action.payload)];
  if (connected.match(action)) return [util.invalidateTags(['Notification', 'NotificationCount'])];
  return [];
}

export const {
  useNotificationsQuery,
  useNotificationUnreadCountQuery,
  useMarkNotificationReadMutation,
  useMarkAllNotificationsReadMutation,
} = personalNotificationsApi;

const selectSignedIn = (state: { session: SessionState }) => selectCurrentUser(state) !== null;

/**
 * The bell's view of the one cache: the first few of the newest page and the unread count, loaded while a user is
 * signed in. `refetch` reads the page again (the panel opens).
 */
export function useBellNotifications() {
  const signedIn = useSelector(selectSignedIn);
  const list = useNotificationsQuery(NEWEST_NOTIFICATIONS, { skip: !signedIn });
  const count = useNotificationUnreadCountQuery(undefined, { skip: !signedIn });
  return {
    recent: (list.data ?? []).slice(0, BELL_RECENT_SIZE),
    loading: list.isFetching,
    unreadCount: count.data ?? 0,
    refetch: () => {
      if (signedIn) void list.refetch();
    },
  };
}
