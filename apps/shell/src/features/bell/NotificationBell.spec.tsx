import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { Notification } from '@teaminbox/contracts';
import { notificationArrived, notificationCountChanged, userLoaded } from '@teaminbox/web-store';
import { fakeFetch, renderScreen } from '../../testing/render';
import { NotificationBell } from './NotificationBell';

const notification = (id: string, read: boolean, actionUrl: string | null = `/admin/email-detail/${id}`) =>
  ({
    id,
    type: id === 'n1' ? 'TASK_ASSIGNED' : 'EMAIL_RECEIVED',
    title: `Title ${id}`,
    message: `Message ${id}`,
    createdAt: new Date().toISOString(),
    read,
    isRead: read,
    readAt: null,
    actionUrl,
    emailId: id,
    silent: false,
  }) satisfies Notification;

const user = { id: 'u1', email: 'a@x.test', firstName: null, lastName: null, role: 'MEMBER' as const, teamId: null };

function renderBell(snoozedUntil: string | null = null) {
  const calls = fakeFetch({
    'GET /api/notifications': [
      200,
      { content: [notification('n1', false), notification('n2', true)], totalPages: 1, totalElements: 2 },
    ],
    'GET /api/notifications/unread-count': [200, 1],
    'GET /api/notifications/snooze': [200, { snoozedUntil }],
    'PUT /api/notifications/n1/read': [200, notification('n1', true)],
    'PUT /api/notifications/mark-all-read': [200, { success: true, message: '' }],
    'PUT /api/notifications/snooze': [200, { snoozedUntil: new Date(Date.now() + 60 * 60_000).toISOString() }],
    'DELETE /api/notifications/snooze': [200, { snoozedUntil: null }],
  });
  const view = renderScreen('/admin', <NotificationBell />, { '/admin/email-detail/:id': 'the email' });
  act(() => {
    view.store.dispatch(userLoaded(user));
  });
  return { ...view, calls };
}

describe('the bell', () => {
  it('shows the live unread count', async () => {
    const { store } = renderBell();
    expect(await screen.findByTestId('bell-count')).toHaveTextContent('1');
    act(() => {
      store.dispatch(notificationCountChanged(3));
    });
    // The cache tells its screens of a pushed change in the next frame (RTK's batching).
    await waitFor(() => expect(screen.getByTestId('bell-count')).toHaveTextContent('3'));
    expect(screen.getByTestId('bell')).toHaveAccessibleName('Notifications (3)');
    act(() => {
      store.dispatch(notificationCountChanged(0));
    });
    await waitFor(() => expect(screen.queryByTestId('bell-count')).toBeNull());
  });

  it('lists the recent notifications; a click marks it read and opens the email', async () => {
    const { calls } = renderBell();
    await screen.findByTestId('bell-count');
    fireEvent.click(screen.getByTestId('bell'));
    const items = await screen.findAllByTestId('bell-item');
    expect(items).toHaveLength(2);
    expect(items[0]).toHaveAttribute('data-read', 'no');
    expect(within(items[0]).getByText('Title n1')).toBeInTheDocument();
    expect(within(items[0]).getByText('Právě teď')).toBeInTheDocument();
    fireEvent.click(items[0]);
    expect(await screen.findByText('the email')).toBeInTheDocument();
    await waitFor(() =>
      expect(calls.some((c) => c.method === 'PUT' && c.path === '/api/notifications/n1/read')).toBe(true),
    );
  });

  it('puts a live notification on top of its open panel without loading again', async () => {
    const { store, calls } = renderBell();
    await screen.findByTestId('bell-count');
    fireEvent.click(screen.getByTestId('bell'));
    expect(await screen.findAllByTestId('bell-item')).toHaveLength(2);
    const loads = calls.filter((c) => c.method === 'GET' && c.path === '/api/notifications').length;
    act(() => {
      store.dispatch(notificationArrived(notification('n3', false)));
    });
    await waitFor(() => expect(screen.getAllByTestId('bell-item')).toHaveLength(3));
    const items = screen.getAllByTestId('bell-item');
    expect(items.map((item) => within(item).getByText(/^Title /).textContent)).toEqual([
      'Title n3',
      'Title n1',
      'Title n2',
    ]);
    expect(calls.filter((c) => c.method === 'GET' && c.path === '/api/notifications')).toHaveLength(loads);
  });

  it('marks all as read', async () => {
    const { calls } = renderBell();
    await screen.findByTestId('bell-count');
    fireEvent.click(screen.getByTestId('bell'));
    fireEvent.click(await screen.findByTestId('bell-mark-all'));
    await waitFor(() => expect(screen.queryByTestId('bell-count')).toBeNull());
    expect(calls.some((c) => c.method === 'PUT' && c.path === '/api/notifications/mark-all-read')).toBe(true);
    expect(screen.getAllByTestId('bell-item').every((item) => item.getAttribute('data-read') === 'yes')).toBe(true);
  });

  it('snoozes for 60 minutes and ends the snooze', async () => {
    const { calls } = renderBell();
    await screen.findByTestId('bell-count');
    fireEvent.click(screen.getByTestId('bell'));
    fireEvent.click(await screen.findByTestId('bell-snooze'));
    expect(screen.getByTestId('bell-snooze-15')).toHaveTextContent('15 min');
    expect(screen.getByTestId('bell-snooze-240')).toHaveTextContent('240 min');
    expect(screen.queryByTestId('bell-snooze-end')).toBeNull();
    fireEvent.click(screen.getByTestId('bell-snooze-60'));
    expect(await screen.findByTestId('bell-snoozed')).toHaveTextContent(/^Snoozed until /);
    const put = calls.find((c) => c.method === 'PUT' && c.path === '/api/notifications/snooze');
    expect(JSON.parse(put?.body ?? '{}')).toEqual({ minutes: 60 });
    fireEvent.click(screen.getByTestId('bell-snooze'));
    fireEvent.click(await screen.findByTestId('bell-snooze-end'));
    await waitFor(() => expect(screen.queryByTestId('bell-snoozed')).toBeNull());
    expect(calls.some((c) => c.method === 'DELETE' && c.path === '/api/notifications/snooze')).toBe(true);
  });
});
