import type { Notification } from '@teaminbox/contracts';
import { notificationsApi } from '@teaminbox/api-client';
import { bellItemChosen, bellMarkAllRequested, selectBell, snoozeEndRequested } from './bell.slice';
import { notificationArrived, notificationCountChanged } from './events';
import { selectPendingNotices } from './notices.slice';
import { snoozeRequested } from './notifications.saga';
import { connected } from './realtime.slice';
import { loggedOut, userLoaded } from './session.slice';
import { createOfflineStore } from './testing';

const notification = (id: string, read = false): Notification => ({
  id,
  type: 'TASK_ASSIGNED',
  title: 'Task assigned',
  message: `You were assigned: ${id}`,
  createdAt: new Date().toISOString(),
  read,
  isRead: read,
  readAt: null,
  actionUrl: `/admin/email-detail/${id}`,
  emailId: id,
  silent: false,
});

const user = { id: 'u1', email: 'a@x.test', firstName: null, lastName: null, role: 'MEMBER' as const, teamId: null };
const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

function storeWithServer(recent: Notification[] = [], unread = 0, snoozedUntil: string | null = null) {
  const list = jest
    .spyOn(notificationsApi, 'list')
    .mockResolvedValue({ content: recent, totalPages: 1, totalElements: recent.length });
  jest.spyOn(notificationsApi, 'unreadCount').mockResolvedValue(unread);
  jest.spyOn(notificationsApi, 'snooze').mockResolvedValue({ snoozedUntil });
  jest.spyOn(notificationsApi, 'ownPhoto').mockResolvedValue(null);
  const store = createOfflineStore();
  return { store, list };
}

describe('the bell', () => {
  afterEach(() => jest.restoreAllMocks());

  it('loads the unread count, the recent notifications and the snooze once a user is known', async () => {
    const until = new Date(Date.now() + 60_000).toISOString();
    const { store, list } = storeWithServer([notification('a'), notification('b', true)], 1, until);
    store.dispatch(userLoaded(user));
    await flush();
    expect(list).toHaveBeenCalledWith(0, 10);
    const bell = selectBell(store.getState());
    expect(bell.unreadCount).toBe(1);
    expect(bell.recent.map((n) => n.id)).toEqual(['a', 'b']);
    expect(bell.snoozedUntil).toBe(until);
  });

  it('puts a live notification on top once and follows the pushed count', async () => {
    const { store } = storeWithServer([notification('a')], 1);
    store.dispatch(userLoaded(user));
    await flush();
    store.dispatch(notificationArrived(notification('c')));
    store.dispatch(notificationArrived(notification('c')));
    store.dispatch(notificationCountChanged(2));
    const bell = selectBell(store.getState());
    expect(bell.recent.map((n) => n.id)).toEqual(['c', 'a']);
    expect(bell.unreadCount).toBe(2);
  });

  it('reads the count and the recent notifications again when the socket connects', async () => {
    const { store, list } = storeWithServer([notification('a')], 1);
    store.dispatch(userLoaded(user));
    await flush();
    // Pushed before the socket could hear: the page never got it.
    list.mockResolvedValue({ content: [notification('b'), notification('a')], totalPages: 1, totalElements: 2 });
    jest.spyOn(notificationsApi, 'unreadCount').mockResolvedValue(2);
    store.dispatch(connected());
    await flush();
    const bell = selectBell(store.getState());
    expect(bell.unreadCount).toBe(2);
    expect(bell.recent.map((n) => n.id)).toEqual(['b', 'a']);
  });

  it('marks a chosen item read only after the server accepted it', async () => {
    const { store } = storeWithServer([notification('a'), notification('b')], 2);
    store.dispatch(userLoaded(user));
    await flush();
    jest.spyOn(notificationsApi, 'markRead').mockResolvedValueOnce(notification('a', true));
    store.dispatch(bellItemChosen(notification('a')));
    await flush();
    jest.spyOn(notificationsApi, 'markRead').mockRejectedValueOnce(new Error('down'));
    store.dispatch(bellItemChosen(notification('b')));
    await flush();
    const bell = selectBell(store.getState());
    expect(bell.recent.map((n) => [n.id, n.read])).toEqual([
      ['a', true],
      ['b', false],
    ]);
    expect(selectPendingNotices(store.getState())).toContainEqual(
      expect.objectContaining({ severity: 'error', key: 'notifications.markError', lifeMs: 3000 }),
    );
  });

  it('marks all read with the spec notice', async () => {
    const { store } = storeWithServer([notification('a'), notification('b')], 2);
    store.dispatch(userLoaded(user));
    await flush();
    const markAll = jest.spyOn(notificationsApi, 'markAllRead').mockResolvedValue({ success: true, message: '' });
    store.dispatch(bellMarkAllRequested());
    await flush();
    expect(markAll).toHaveBeenCalled();
    const bell = selectBell(store.getState());
    expect(bell.unreadCount).toBe(0);
    expect(bell.recent.every((n) => n.read)).toBe(true);
    expect(selectPendingNotices(store.getState())).toContainEqual(
      expect.objectContaining({ severity: 'success', key: 'notifications.allMarked', lifeMs: 2000 }),
    );
  });

  it('snoozes and ends the snooze through the server', async () => {
    const { store } = storeWithServer();
    store.dispatch(userLoaded(user));
    await flush();
    const until = new Date(Date.now() + 15 * 60_000).toISOString();
    const snooze = jest.spyOn(notificationsApi, 'snoozeFor').mockResolvedValue({ snoozedUntil: until });
    store.dispatch(snoozeRequested(15));
    await flush();
    expect(snooze).toHaveBeenCalledWith(15);
    expect(selectBell(store.getState()).snoozedUntil).toBe(until);
    const end = jest.spyOn(notificationsApi, 'endSnooze').mockResolvedValue({ snoozedUntil: null });
    store.dispatch(snoozeEndRequested());
    await flush();
    expect(end).toHaveBeenCalled();
    expect(selectBell(store.getState()).snoozedUntil).toBeNull();
  });

  it('forgets everything on logout', async () => {
    const { store } = storeWithServer([notification('a')], 1);
    store.dispatch(userLoaded(user));
    await flush();
    store.dispatch(loggedOut());
    expect(selectBell(store.getState())).toEqual({ unreadCount: 0, recent: [], loading: false, snoozedUntil: null });
  });
});
