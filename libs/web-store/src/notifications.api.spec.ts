import type { Notification } from '@teaminbox/contracts';
import { notificationArrived, notificationCountChanged } from './events';
import { selectPendingNotices } from './notices.slice';
import { NEWEST_NOTIFICATIONS, personalNotificationsApi } from './notifications.api';
import { connected } from './realtime.slice';
import { createAppStore } from './store';
import { answerServerCalls } from './testing';

const PAGE = 'GET /api/notifications?page=0&size=20';
const COUNT = 'GET /api/notifications/unread-count';
const minutesAgo = (n: number) => new Date(Date.now() - n * 60_000).toISOString();
const notification = (id: string, read = false, createdAt = minutesAgo(0)): Notification => ({
  id,
  type: 'TASK_ASSIGNED',
  title: `Title ${id}`,
  message: `Message ${id}`,
  createdAt,
  read,
  isRead: read,
  readAt: null,
  actionUrl: `/admin/email-detail/${id}`,
  emailId: id,
  silent: false,
});
const flush = () => new Promise((resolve) => setTimeout(resolve, 0));
const callsTo = (fetch: jest.SpyInstance, key: string) =>
  fetch.mock.calls.filter(([url, init]) => `${init?.method ?? 'GET'} ${String(url)}` === key).length;

/** A store whose newest page and unread count are loaded (subscribed, as a shown bell keeps them). */
async function loaded(items: Notification[], unread: number) {
  const fetch = answerServerCalls({
    [PAGE]: { content: items, totalPages: 1, totalElements: items.length },
    [COUNT]: unread,
  });
  const store = createAppStore({ withoutCoreSagas: true });
  const { endpoints } = personalNotificationsApi;
  store.dispatch(endpoints.notifications.initiate(NEWEST_NOTIFICATIONS));
  store.dispatch(endpoints.notificationUnreadCount.initiate());
  await flush();
  const page = () => endpoints.notifications.select(NEWEST_NOTIFICATIONS)(store.getState() as never).data ?? [];
  const count = () => endpoints.notificationUnreadCount.select()(store.getState() as never).data;
  return { store, fetch, page, count };
}

describe('the notifications cache', () => {
  afterEach(() => jest.restoreAllMocks());

  it('reads the newest page (an array or a page with content) and the unread count', async () => {
    const { page, count } = await loaded([notification('a'), notification('b', true)], 1);
    expect(page().map((n) => n.id)).toEqual(['a', 'b']);
    expect(count()).toBe(1);
  });

  it('puts a live notification on top once and takes the pushed count, without loading again', async () => {
    const { store, fetch, page, count } = await loaded([notification('a')], 1);
    store.dispatch(notificationArrived(notification('c')));
    store.dispatch(notificationArrived(notification('c')));
    store.dispatch(notificationCountChanged(2));
    await flush();
    expect(page().map((n) => n.id)).toEqual(['c', 'a']);
    expect(count()).toBe(2);
    expect(callsTo(fetch, PAGE)).toBe(1);
  });

  it('reads the page and the count again when the socket connects, keeping a live one the page does not have yet', async () => {
    const { store, fetch, page, count } = await loaded([notification('a', false, minutesAgo(10))], 1);
    store.dispatch(notificationArrived(notification('live')));
    answerServerCalls({
      [PAGE]: [notification('missed', false, minutesAgo(5)), notification('a', false, minutesAgo(10))],
      [COUNT]: 3,
    });
    store.dispatch(connected());
    await flush();
    await flush();
    expect(callsTo(fetch, PAGE)).toBe(2);
    expect(page().map((n) => n.id)).toEqual(['live', 'missed', 'a']);
    expect(count()).toBe(3);
  });

  it('marks one read only after the server accepted it, with the error notice otherwise', async () => {
    const { store, page } = await loaded([notification('a'), notification('b')], 2);
    const readAt = minutesAgo(0);
    answerServerCalls({ 'PUT /api/notifications/a/read': { ...notification('a', true), readAt } });
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    await store.dispatch(personalNotificationsApi.endpoints.markNotificationRead.initiate('a'));
    // No answer for b: the call fails.
    await store.dispatch(personalNotificationsApi.endpoints.markNotificationRead.initiate('b'));
    expect(page().map((n) => [n.id, n.read, n.readAt])).toEqual([
      ['a', true, readAt],
      ['b', false, null],
    ]);
    expect(warn).toHaveBeenCalled();
    expect(selectPendingNotices(store.getState())).toContainEqual(
      expect.objectContaining({ severity: 'error', key: 'notifications.markError', lifeMs: 3000 }),
    );
  });

  it('marks all read with the count 0 and the success notice, or keeps them with the error notice', async () => {
    const { store, page, count } = await loaded([notification('a'), notification('b')], 2);
    jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    await store.dispatch(personalNotificationsApi.endpoints.markAllNotificationsRead.initiate());
    expect(page().every((n) => !n.read)).toBe(true);
    expect(count()).toBe(2);
    expect(selectPendingNotices(store.getState())).toContainEqual(
      expect.objectContaining({ severity: 'error', key: 'notifications.markAllError', lifeMs: 3000 }),
    );
    answerServerCalls({ 'PUT /api/notifications/mark-all-read': { success: true, message: '' } });
    await store.dispatch(personalNotificationsApi.endpoints.markAllNotificationsRead.initiate());
    expect(page().every((n) => n.read)).toBe(true);
    expect(count()).toBe(0);
    expect(selectPendingNotices(store.getState())).toContainEqual(
      expect.objectContaining({ severity: 'success', key: 'notifications.allMarked', lifeMs: 2000 }),
    );
  });
});
