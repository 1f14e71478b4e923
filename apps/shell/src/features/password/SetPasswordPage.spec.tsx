import { fireEvent, screen, waitFor } from '@testing-library/react';
import { selectPendingNotices } from '@teaminbox/web-store';
import { fakeFetch, renderScreen } from '../../testing/render';
import { SetPasswordPage } from './SetPasswordPage';

const user = { id: 'u1', email: 'jana@example.com', firstName: null, lastName: null, role: null, teamId: null };

function fill(next: string, confirm: string) {
  fireEvent.change(screen.getByTestId('set-password-new'), { target: { value: next } });
  fireEvent.change(screen.getByTestId('set-password-confirm'), { target: { value: confirm } });
  fireEvent.click(screen.getByTestId('set-password-submit'));
}

/** Opens the screen for a signed-in user (the start-up check of the stored token answers with the user). */
async function open(linkSession: boolean, routes: Record<string, [number, unknown]> = {}) {
  const calls = fakeFetch({ 'GET /api/loggedInUser': [200, user], ...routes });
  localStorage.setItem('access_token', 'old-token');
  if (linkSession) sessionStorage.setItem('link_session', '1');
  const view = renderScreen('/admin/set-password', <SetPasswordPage />, { '/admin': 'the dashboard' });
  await waitFor(() => expect(view.store.getState().session.status).toBe('authenticated'));
  calls.length = 0;
  return { ...view, calls };
}

beforeEach(() => {
  localStorage.clear();
  sessionStorage.clear();
});

describe('the set-password screen', () => {
  it('after a login-link sign-in sets the new password without the current one and keeps the new token', async () => {
    const { store, calls } = await open(true, {
      'PUT /api/me/password': [200, { success: true, message: 'new-token' }],
    });
    expect(screen.getByRole('heading', { name: 'Set a new password' })).toBeInTheDocument();
    expect(screen.queryByTestId('set-password-current')).not.toBeInTheDocument();

    fill('brand new', 'brand new');
    expect(await screen.findByText('the dashboard')).toBeInTheDocument();
    expect(calls).toHaveLength(1);
    expect(JSON.parse(calls[0].body!)).toEqual({ newPassword: 'brand new' });
    expect(calls[0].headers.authorization).toBe('Bearer old-token');
    expect(localStorage.getItem('access_token')).toBe('new-token');
    expect(sessionStorage.getItem('link_session')).toBeNull();
    expect(store.getState().password?.prompt).toBe(false);
    expect(selectPendingNotices(store.getState())).toEqual([
      expect.objectContaining({ severity: 'success', key: 'password.changed' }),
    ]);
  });

  it('checks the length and the confirmation before sending', async () => {
    const { calls } = await open(true);
    fill('12345', '12345');
    expect(screen.getByText('Password must be at least 6 characters')).toBeInTheDocument();
    fill('123456', '1234567');
    expect(screen.getByText('Passwords do not match')).toBeInTheDocument();
    expect(calls).toHaveLength(0);
  });

  it('asks for the current password outside a link session and shows the server message in place', async () => {
    const { calls } = await open(false, {
      'PUT /api/me/password': [400, { success: false, message: 'The current password is incorrect.' }],
    });
    expect(screen.getByRole('heading', { name: 'Change password' })).toBeInTheDocument();
    fireEvent.change(screen.getByTestId('set-password-current'), { target: { value: 'wrong one' } });
    fill('brand new', 'brand new');
    await waitFor(() =>
      expect(screen.getByTestId('set-password-error')).toHaveTextContent('The current password is incorrect.'),
    );
    expect(JSON.parse(calls[0].body!)).toEqual({ currentPassword: 'wrong one', newPassword: 'brand new' });
    expect(localStorage.getItem('access_token')).toBe('old-token');
    expect(screen.queryByText('the dashboard')).not.toBeInTheDocument();
  });

  it('shows the current-password field when the server asks for it in a link session', async () => {
    await open(true, { 'PUT /api/me/password': [400, { success: false, message: 'Enter your current password.' }] });
    fill('brand new', 'brand new');
    expect(await screen.findByTestId('set-password-current')).toBeInTheDocument();
    expect(screen.getByTestId('set-password-error')).toHaveTextContent('Enter your current password.');
  });

  it('lets a link session skip the prompt', async () => {
    const { store } = await open(true);
    fireEvent.click(screen.getByTestId('set-password-skip'));
    expect(screen.getByText('the dashboard')).toBeInTheDocument();
    expect(store.getState().password?.prompt).toBe(false);
    expect(sessionStorage.getItem('link_session')).toBeNull();
  });
});
