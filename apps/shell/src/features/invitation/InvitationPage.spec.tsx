import { fireEvent, screen, waitFor } from '@testing-library/react';
import { fakeFetch, renderScreen } from '../../testing/render';
import { InvitationPage } from './InvitationPage';

const PATTERN = { pattern: '/invitation/:token' };
const user = { id: 'u2', email: 'petr@example.com', firstName: null, lastName: null, role: 'MEMBER', teamId: 't1' };
let alert: jest.SpyInstance;

beforeEach(() => {
  localStorage.clear();
  alert = jest.spyOn(window, 'alert').mockImplementation(() => undefined);
});
afterEach(() => alert.mockRestore());

describe('the accept-invitation screen', () => {
  it('shows loading..., then the expired text and the server message in an alert', async () => {
    fakeFetch({
      'GET /api/invitation/old-token': [410, { success: false, message: 'Invitation has expired', flag: 0 }],
    });
    renderScreen('/invitation/old-token', <InvitationPage />, {}, PATTERN);
    expect(screen.getByTestId('invitation-status')).toHaveTextContent('loading...');
    await waitFor(() => expect(screen.getByTestId('invitation-status')).toHaveTextContent('Invitation has expired'));
    expect(screen.queryByTestId('invitation-form')).not.toBeInTheDocument();
    expect(alert).toHaveBeenCalledWith('Invitation has expired');
  });

  it('counts an answer without an email as expired', async () => {
    fakeFetch({ 'GET /api/invitation/odd-token': [200, { success: true, message: '', flag: 0 }] });
    renderScreen('/invitation/odd-token', <InvitationPage />, {}, PATTERN);
    await waitFor(() => expect(screen.getByTestId('invitation-status')).toHaveTextContent('Invitation has expired'));
    expect(alert).not.toHaveBeenCalled();
  });

  it('embeds the login form for an existing user; signing in carries the invitation id and goes to /admin', async () => {
    const calls = fakeFetch({
      'GET /api/invitation/inv-token-1': [200, { success: true, message: 'petr@example.com', flag: 1 }],
      'POST /api/auth/signin': [200, { success: true, message: 'jwt-petr' }],
      'GET /api/loggedInUser': [200, user],
    });
    renderScreen('/invitation/inv-token-1', <InvitationPage />, { '/admin': 'the dashboard' }, PATTERN);
    await waitFor(() =>
      expect(screen.getByTestId('invitation-status')).toHaveTextContent('Login to accept invitation'),
    );
    const form = screen.getByTestId('invitation-form');
    expect(form).toContainElement(screen.getByTestId('login-form'));
    expect(screen.getByTestId('login-email')).toHaveValue('petr@example.com');

    fireEvent.change(screen.getByTestId('login-password'), { target: { value: 'secret1' } });
    fireEvent.click(screen.getByRole('button', { name: 'Log In' }));
    expect(await screen.findByText('the dashboard')).toBeInTheDocument();
    const signIn = calls.find((c) => c.path === '/api/auth/signin')!;
    expect(JSON.parse(signIn.body!)).toEqual({
      email: 'petr@example.com',
      password: 'secret1',
      invitationId: 'inv-token-1',
    });
  });

  it('embeds the register form for a new user; the payload carries the invitation id', async () => {
    const calls = fakeFetch({
      'GET /api/invitation/inv-token-2': [200, { success: true, message: 'new@example.com', flag: 0 }],
      'POST /api/register': [200, { success: true, message: 'Registered' }],
    });
    renderScreen('/invitation/inv-token-2', <InvitationPage />, { '/login': 'the login screen' }, PATTERN);
    await waitFor(() =>
      expect(screen.getByTestId('invitation-status')).toHaveTextContent('Register to accept invitation'),
    );
    expect(screen.getByTestId('invitation-form')).toContainElement(screen.getByTestId('register-form'));
    expect(screen.getByTestId('register-email')).toHaveValue('new@example.com');

    fireEvent.change(screen.getByTestId('register-password'), { target: { value: 'secret1' } });
    fireEvent.click(screen.getByRole('button', { name: 'Create Account' }));
    expect(await screen.findByText('Account Created Successfully!')).toBeInTheDocument();
    const register = calls.find((c) => c.path === '/api/register')!;
    expect(JSON.parse(register.body!)).toEqual({
      email: 'new@example.com',
      password: 'secret1',
      invitationId: 'inv-token-2',
    });
    fireEvent.click(screen.getByRole('button', { name: 'Go to Login' }));
    expect(screen.getByText('the login screen')).toBeInTheDocument();
  });
});
