import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import type { Notification } from '@teaminbox/contracts';
import { ApiError, notificationsApi } from '@teaminbox/api-client';
import { connected, notificationArrived, notificationCountChanged, selectPendingNotices } from '@teaminbox/web-store';
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

function setup(items: Notification[]) {
  jest
    .spyOn(notificationsApi, 'list')
    .mockResolvedValue({ content: items, totalPages: 1, totalElements: items.length });
  jest.spyOn(notificationsApi, 'unreadCount').mockResolvedValue(items.filter((n) => !n.read).length);
  return renderSettingsScreen(
    <MemoryRouter initialEntries={['/admin/notifications']}>
      <Routes>
        <Route path="/admin/notifications" element={<NotificationsPage />} />
        <Route path="/admin/email-detail/:id" element={<p data-testid="detail">detail</p>} />
      </Routes>
    </MemoryRouter>,
  );
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
    const store = setup([]);
    expect(await screen.findByTestId('notifications-empty')).toHaveTextContent('Žádné notifikace');
    act(() => {
      store.dispatch(notificationArrived(item('live')));
      store.dispatch(notificationArrived(item('live')));
    });
    expect(await screen.findAllByTestId('notification-item')).toHaveLength(1);
    expect(screen.getByText('Title live')).toBeInTheDocument();
  });

  it('reads the list again when the socket connects: what was pushed before it could hear is shown', async () => {
    const list = jest.spyOn(notificationsApi, 'list');
    const store = setup([]);
    expect(await screen.findByTestId('notifications-empty')).toBeInTheDocument();
    // Created while the socket was not connected yet: never pushed to this page.
    list.mockResolvedValue({ content: [item('missed')], totalPages: 1, totalElements: 1 });
    act(() => {
      store.dispatch(connected());
    });
    expect(await screen.findByText('Title missed')).toBeInTheDocument();
  });

  it('reads the list again when the pushed unread count is more than it lists', async () => {
    const list = jest.spyOn(notificationsApi, 'list');
    const store = setup([item('a')]);
    await screen.findAllByTestId('notification-item');
    const calls = list.mock.calls.length;
    // A count that matches what is listed asks nothing.
    act(() => {
      store.dispatch(notificationCountChanged(1));
    });
    list.mockResolvedValue({ content: [item('b'), item('a')], totalPages: 1, totalElements: 2 });
    act(() => {
      store.dispatch(notificationCountChanged(2));
    });
    expect(await screen.findByText('Title b')).toBeInTheDocument();
    expect(list.mock.calls.length).toBe(calls + 1);
  });

  it('keeps a live notification newer than the page it reads while that page does not have it yet', async () => {
    const list = jest.spyOn(notificationsApi, 'list');
    const store = setup([item('old', { createdAt: minutes(10) })]);
    await screen.findAllByTestId('notification-item');
    act(() => {
      store.dispatch(notificationArrived(item('live')));
    });
    list.mockResolvedValue({ content: [item('old', { createdAt: minutes(10) })], totalPages: 1, totalElements: 1 });
    act(() => {
      store.dispatch(connected());
    });
    await waitFor(() => expect(list).toHaveBeenCalledTimes(2));
    await waitFor(() => expect(screen.getAllByTestId('notification-item')).toHaveLength(2));
    expect(screen.getAllByTestId('notification-item')[0]).toHaveTextContent('Title live');
  });

  it('marks one read only after the server accepted it, with the error notice otherwise', async () => {
    const store = setup([item('a'), item('b')]);
    const [first, second] = await screen.findAllByTestId('notification-item');
    jest
      .spyOn(notificationsApi, 'markRead')
      .mockResolvedValueOnce(item('a', { read: true, isRead: true, readAt: minutes(0) }));
    fireEvent.click(within(first).getByText('Označit jako přečtené'));
    await waitFor(() => expect(first.getAttribute('data-read')).toBe('true'));
    jest.spyOn(notificationsApi, 'markRead').mockRejectedValueOnce(new ApiError(500, 'boom'));
    fireEvent.click(within(second).getByText('Označit jako přečtené'));
    await waitFor(() =>
      expect(selectPendingNotices(store.getState())).toContainEqual(
        expect.objectContaining({ severity: 'error', key: 'notifications.markError', lifeMs: 3000 }),
      ),
    );
    expect(second.getAttribute('data-read')).toBe('false');
  });

  it('marks all read with the success notice, or the error notice', async () => {
    const store = setup([item('a'), item('b')]);
    await screen.findAllByTestId('notification-item');
    jest.spyOn(notificationsApi, 'markAllRead').mockRejectedValueOnce(new ApiError(500, 'boom'));
    fireEvent.click(screen.getByTestId('notifications-mark-all'));
    await waitFor(() =>
      expect(selectPendingNotices(store.getState())).toContainEqual(
        expect.objectContaining({ key: 'notifications.markAllError', lifeMs: 3000 }),
      ),
    );
    expect(screen.getAllByTestId('notification-item').every((r) => r.getAttribute('data-read') === 'false')).toBe(true);
    jest.spyOn(notificationsApi, 'markAllRead').mockResolvedValueOnce({ success: true, message: 'ok' });
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
    setup([item('a')]);
    await screen.findAllByTestId('notification-item');
    jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    jest.spyOn(notificationsApi, 'list').mockRejectedValueOnce(new ApiError(500, 'down'));
    fireEvent.click(screen.getByTestId('notifications-refresh'));
    await waitFor(() => expect(console.warn).toHaveBeenCalled());
    expect(screen.getAllByTestId('notification-item')).toHaveLength(1);
    expect(screen.queryByTestId('notifications-loading')).toBeNull();
  });
});
