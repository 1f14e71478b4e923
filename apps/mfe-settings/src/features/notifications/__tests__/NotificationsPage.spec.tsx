import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import type { Notification } from '@teaminbox/contracts';
import {
  connected,
  notificationArrived,
  notificationCountChanged,
  selectPendingNotices,
  useBellNotifications,
} from '@teaminbox/web-store';
import { answerServerCalls } from '@teaminbox/web-store/testing';
import NotificationsPage from '../NotificationsPage';
import { renderSettingsScreen } from '../../../testing/settings-harness';

const minutes = (n: number) => new Date(Date.now() - n * 60_000).toISOString();
const item = (id: string, overrides: Partial<Notification> = {}): Notification => ({
  id,
  type: 'EMAIL_RECEIVED',
  title: `Title ${id}`,
  message: `Message ${id}`,
  createdAt: minutes(0),
  read: false,
  isRead: false,
  readAt: null,
  actionUrl: `/admin/email-detail/e-${id}`,
  emailId: `e-${id}`,
  silent: false,
  ...overrides,
});

const PAGE = 'GET /api/notifications?page=0&size=20';
const COUNT = 'GET /api/notifications/unread-count';
const page = (items: Notification[]) => ({ content: items, totalPages: 1, totalElements: items.length });
const listCalls = (fetch: jest.SpyInstance) => fetch.mock.calls.filter(([url]) => `GET ${String(url)}` === PAGE).length;

/** What the bell shows from the one notifications cache (the shell's bell reads it through this hook). */
function BellView() {
  const bell = useBellNotifications();
  return (
    <p data-testid="bell-view">
      {bell.unreadCount}: {bell.recent.map((n) => `${n.id}${n.read ? ' read' : ''}`).join(', ')}
    </p>
  );
}

function setup(items: Notification[], { withBell = false } = {}) {
  const fetch = answerServerCalls({ [PAGE]: page(items), [COUNT]: items.filter((n) => !n.read).length });
  const store = renderSettingsScreen(
    <MemoryRouter initialEntries={['/admin/notifications']}>
      {withBell ? <BellView /> : null}
      <Routes>
        <Route path="/admin/notifications" element={<NotificationsPage />} />
        <Route path="/admin/email-detail/:id" element={<p data-testid="detail">detail</p>} />
      </Routes>
    </MemoryRouter>,
    withBell ? {} : undefined,
  );
  return { store, fetch };
}

describe('the notifications screen', () => {
  afterEach(() => jest.restoreAllMocks());

  it('lists notifications with an icon by type, relative times, highlighted unread items and their button', async () => {
    setup([
      item('a'),
      item('b', { type: 'TASK_ASSIGNED', createdAt: minutes(5) }),
      item('c', { type: 'COMMENT_ADDED', createdAt: minutes(180), read: true, isRead: true }),
      item('d', { type: 'SOMETHING_ELSE' as Notification['type'], createdAt: minutes(60 * 30) }),
    ]);
    const rows = await screen.findAllByTestId('notification-item');
    expect(rows.map((r) => within(r).getByTestId('notification-icon').className)).toEqual([
      'pi pi-envelope',
      'pi pi-check-square',
      'pi pi-comment',
      'pi pi-bell',
    ]);
    expect(rows.map((r) => within(r).getByTestId('notification-time').textContent)).toEqual([
      'Právě teď',
      'Před 5 min',
      'Před 3 hod',
      new Date(minutes(60 * 30)).toLocaleDateString('cs-CZ'),
    ]);
    expect(rows.map((r) => r.getAttribute('data-read'))).toEqual(['false', 'false', 'true', 'false']);
    expect(rows[0].className).toContain('notification-item--unread');
    expect(rows[2].className).not.toContain('notification-item--unread');
    expect(within(rows[2]).queryByText('Označit jako přečtené')).toBeNull();
    expect(within(rows[0]).getByText('Označit jako přečtené')).toBeInTheDocument();
    expect(screen.getByText('Title a')).toBeInTheDocument();
    expect(screen.getByText('Message a')).toBeInTheDocument();
  });

  it("shows 'Žádné notifikace' when there are none, and puts a live notification on top", async () => {
    const { store } = setup([]);
    expect(await screen.findByTestId('notifications-empty')).toHaveTextContent('Žádné notifikace');
    act(() => {
      store.dispatch(notificationArrived(item('live')));
      store.dispatch(notificationArrived(item('live')));
    });
    expect(await screen.findAllByTestId('notification-item')).toHaveLength(1);
    expect(screen.getByText('Title live')).toBeInTheDocument();
  });

  it('reads the list again when the socket connects: what was pushed before it could hear is shown', async () => {
    const { store } = setup([]);
    expect(await screen.findByTestId('notifications-empty')).toBeInTheDocument();
    // Created while the socket was not connected yet: never pushed to this page.
    answerServerCalls({ [PAGE]: page([item('missed')]) });
    act(() => {
      store.dispatch(connected());
    });
    expect(await screen.findByText('Title missed')).toBeInTheDocument();
  });

  it('reads the list again when the pushed unread count is more than it lists', async () => {
    const { store, fetch } = setup([item('a')]);
    await screen.findAllByTestId('notification-item');
    await waitFor(() => expect(fetch.mock.calls.some(([url]) => `GET ${String(url)}` === COUNT)).toBe(true));
    const calls = listCalls(fetch);
    // A count that matches what is listed asks nothing.
    act(() => {
      store.dispatch(notificationCountChanged(1));
    });
    answerServerCalls({ [PAGE]: page([item('b'), item('a')]) });
    act(() => {
      store.dispatch(notificationCountChanged(2));
    });
    expect(await screen.findByText('Title b')).toBeInTheDocument();
    expect(listCalls(fetch)).toBe(calls + 1);
  });

  it('keeps a live notification newer than the page it reads while that page does not have it yet', async () => {
    const { store, fetch } = setup([item('old', { createdAt: minutes(10) })]);
    await screen.findAllByTestId('notification-item');
    act(() => {
      store.dispatch(notificationArrived(item('live')));
    });
    act(() => {
      store.dispatch(connected());
    });
    await waitFor(() => expect(listCalls(fetch)).toBe(2));
    await waitFor(() => expect(screen.getAllByTestId('notification-item')).toHaveLength(2));
    expect(screen.getAllByTestId('notification-item')[0]).toHaveTextContent('Title live');
  });

  it('marks one read only after the server accepted it, with the error notice otherwise', async () => {
    const { store } = setup([item('a'), item('b')]);
    const [first, second] = await screen.findAllByTestId('notification-item');
    answerServerCalls({ 'PUT /api/notifications/a/read': item('a', { read: true, isRead: true, readAt: minutes(0) }) });
    fireEvent.click(within(first).getByText('Označit jako přečtené'));
    await waitFor(() => expect(first.getAttribute('data-read')).toBe('true'));
    // No answer for b: the call fails.
    jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    fireEvent.click(within(second).getByText('Označit jako přečtené'));
    await waitFor(() =>
      expect(selectPendingNotices(store.getState())).toContainEqual(
        expect.objectContaining({ severity: 'error', key: 'notifications.markError', lifeMs: 3000 }),
      ),
    );
    expect(second.getAttribute('data-read')).toBe('false');
  });

  it('marks all read with the success notice, or the error notice', async () => {
    const { store } = setup([item('a'), item('b')]);
    await screen.findAllByTestId('notification-item');
    jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    fireEvent.click(screen.getByTestId('notifications-mark-all'));
    await waitFor(() =>
      expect(selectPendingNotices(store.getState())).toContainEqual(
        expect.objectContaining({ key: 'notifications.markAllError', lifeMs: 3000 }),
      ),
    );
    expect(screen.getAllByTestId('notification-item').every((r) => r.getAttribute('data-read') === 'false')).toBe(true);
    answerServerCalls({ 'PUT /api/notifications/mark-all-read': { success: true, message: 'ok' } });
    fireEvent.click(screen.getByTestId('notifications-mark-all'));
    await waitFor(() =>
      expect(screen.getAllByTestId('notification-item').every((r) => r.getAttribute('data-read') === 'true')).toBe(
        true,
      ),
    );
    expect(selectPendingNotices(store.getState())).toContainEqual(
      expect.objectContaining({ severity: 'success', key: 'notifications.allMarked', lifeMs: 2000 }),
    );
  });

  it('opens the email of an item with an actionUrl', async () => {
    setup([item('a')]);
    fireEvent.click(await screen.findByText('Message a'));
    expect(await screen.findByTestId('detail')).toBeInTheDocument();
  });

  it('keeps the list when reloading fails (logged only)', async () => {
    const { fetch } = setup([item('a')]);
    await screen.findAllByTestId('notification-item');
    jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    fetch.mockImplementationOnce(() => Promise.reject(new TypeError('down')));
    fireEvent.click(screen.getByTestId('notifications-refresh'));
    await waitFor(() =>
      expect(console.warn).toHaveBeenCalledWith('notifications could not be loaded', expect.anything()),
    );
    await waitFor(() => expect(screen.queryByTestId('notifications-loading')).toBeNull());
    expect(screen.getAllByTestId('notification-item')).toHaveLength(1);
  });

  it('shares one cache with the bell: a mark read here and a live one show in the bell without another load', async () => {
    const { store, fetch } = setup([item('a'), item('b')], { withBell: true });
    await screen.findAllByTestId('notification-item');
    await waitFor(() => expect(screen.getByTestId('bell-view')).toHaveTextContent('2: a, b'));
    // The bell and the screen asked for the same page: one cache entry, one load.
    expect(listCalls(fetch)).toBe(1);
    answerServerCalls({ 'PUT /api/notifications/a/read': item('a', { read: true, isRead: true, readAt: minutes(0) }) });
    fireEvent.click(within(screen.getAllByTestId('notification-item')[0]).getByText('Označit jako přečtené'));
    await waitFor(() => expect(screen.getByTestId('bell-view')).toHaveTextContent('2: a read, b'));
    // The server pushes the new count.
    act(() => {
      store.dispatch(notificationCountChanged(1));
    });
    await waitFor(() => expect(screen.getByTestId('bell-view')).toHaveTextContent('1: a read, b'));
    act(() => {
      store.dispatch(notificationArrived(item('live')));
      store.dispatch(notificationCountChanged(2));
    });
    await waitFor(() => expect(screen.getByTestId('bell-view')).toHaveTextContent('2: live, a read, b'));
    expect(screen.getAllByTestId('notification-item')[0]).toHaveTextContent('Title live');
    expect(listCalls(fetch)).toBe(1);
  });
});
