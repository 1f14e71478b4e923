import type { Notification } from '@teaminbox/contracts';
import { notificationsApi } from '@teaminbox/api-client';
import { notificationArrived } from './events';
import { selectPendingNotices } from './notices.slice';
import {
  type BrowserNotifications,
  type BrowserPermission,
  browserNotificationsRequested,
  snoozeRequested,
} from './notifications.saga';
import { userLoaded } from './session.slice';
import { createAppStore } from './store';
import { stubSignedInCalls } from './testing/signed-in-calls';

const notification = (silent = false): Notification => ({
  id: `n-${Math.random()}`,
  type: 'TASK_ASSIGNED',
  title: 'Task assigned',
  message: 'You were assigned: Invoice',
  createdAt: new Date().toISOString(),
  read: false,
  isRead: false,
  readAt: null,
  actionUrl: '/admin/email-detail/e1',
  emailId: 'e1',
  silent,
});

function fakeBrowser(permission: BrowserPermission, answer: BrowserPermission | Error = permission) {
  const registration = {} as ServiceWorkerRegistration;
  const api: BrowserNotifications & { state: BrowserPermission } = {
    state: permission,
    permission: () => api.state,
    requestPermission: jest.fn(async () => {
      if (answer instanceof Error) throw answer;
      api.state = answer;
      return answer;
    }),
    register: jest.fn(async () => registration),
    subscribe: jest.fn(async () => ({ endpoint: 'https://push.example.com/1', keys: { p256dh: 'p', auth: 'a' } })),
    show: jest.fn(async () => undefined),
  };
  return api;
}

const flush = () => new Promise((resolve) => setTimeout(resolve, 0));
const user = { id: 'u1', email: 'a@x.test', firstName: null, lastName: null, role: 'MEMBER' as const, teamId: 't1' };

describe('browser notifications', () => {
  beforeEach(stubSignedInCalls);
  afterEach(() => jest.restoreAllMocks());

  it('registers the service worker once signed in and subscribes to push when allowed', async () => {
    jest.spyOn(notificationsApi, 'pushPublicKey').mockResolvedValue({ publicKey: 'key' });
    const subscribe = jest.spyOn(notificationsApi, 'subscribePush').mockResolvedValue({ success: true, message: '' });
    const browser = fakeBrowser('granted');
    const store = createAppStore({
      browserNotifications: browser,
      realtimeClientFactory: () => ({ status: () => 'disconnected', close: () => undefined }),
    });
    store.dispatch(userLoaded(user));
    await flush();
    expect(browser.register).toHaveBeenCalled();
    expect(subscribe).toHaveBeenCalledWith({
      endpoint: 'https://push.example.com/1',
      keys: { p256dh: 'p', auth: 'a' },
    });
  });

  it.each<[BrowserPermission | Error, string, string]>([
    ['granted', 'success', 'notifications.browserEnabled'],
    ['denied', 'warn', 'notifications.browserDenied'],
    [new Error('blocked'), 'error', 'notifications.browserUnavailable'],
  ])('asks for permission: %p gives its notice', async (answer, severity, key) => {
    jest.spyOn(notificationsApi, 'pushPublicKey').mockResolvedValue({ publicKey: 'key' });
    jest.spyOn(notificationsApi, 'subscribePush').mockResolvedValue({ success: true, message: '' });
    const store = createAppStore({ withoutCoreSagas: false, browserNotifications: fakeBrowser('default', answer) });
    store.dispatch(browserNotificationsRequested());
    await flush();
    expect(selectPendingNotices(store.getState())).toContainEqual(
      expect.objectContaining({ severity, key, lifeMs: 2000 }),
    );
  });

  it('shows a live notification while permission is granted, not a silent one nor without permission', async () => {
    const granted = fakeBrowser('granted');
    const store = createAppStore({ browserNotifications: granted });
    const loud = notification();
    store.dispatch(notificationArrived(loud));
    store.dispatch(notificationArrived(notification(true)));
    await flush();
    expect(granted.show).toHaveBeenCalledTimes(1);
    expect(granted.show).toHaveBeenCalledWith(null, loud);
    const denied = fakeBrowser('denied');
    createAppStore({ browserNotifications: denied }).dispatch(notificationArrived(notification()));
    await flush();
    expect(denied.show).not.toHaveBeenCalled();
  });

  it("snoozes with the notice 'Notifikace ztlumeny na {n} min' and shows nothing until then", async () => {
    jest
      .spyOn(notificationsApi, 'snoozeFor')
      .mockResolvedValue({ snoozedUntil: new Date(Date.now() + 15 * 60_000).toISOString() });
    const browser = fakeBrowser('granted');
    const store = createAppStore({ browserNotifications: browser });
    store.dispatch(snoozeRequested(15));
    await flush();
    expect(selectPendingNotices(store.getState())).toContainEqual(
      expect.objectContaining({ key: 'notifications.snoozed', values: { n: 15 }, lifeMs: 2000 }),
    );
    store.dispatch(notificationArrived(notification()));
    await flush();
    expect(browser.show).not.toHaveBeenCalled();
  });
});
