import { fireEvent, screen, waitFor } from '@testing-library/react';
import { fakeFetch, renderScreen } from '../../testing/render';
import { LoginForm, LoginPage } from './LoginPage';

const user = { id: 'u1', email: 'jana@example.com', firstName: null, lastName: null, role: null, teamId: null };

beforeEach(() => localStorage.clear());

describe('the Login screen', () => {
  it('shows the spec texts of the normal mode', () => {
    renderScreen('/login', <LoginPage />);
    expect(screen.getByRole('heading', { name: 'Welcome back!' })).toBeInTheDocument();
    expect(screen.getByText('Enter your email address and password to access admin dashboard.')).toBeInTheDocument();
    const email = screen.getByTestId('login-email');
    expect(email).toHaveAttribute('type', 'email');
    expect(email).toBeRequired();
    expect(screen.getByText('*')).toBeInTheDocument();
    expect(screen.getByLabelText('Password')).toHaveAttribute('type', 'password');
    expect(screen.getByRole('button', { name: 'Forgot password?' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Log In' })).toBeInTheDocument();
    expect(screen.getByText("Don't have an account?")).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Sign up' })).toHaveAttribute('href', '/register');
  });

  it('shows the server message on failure and clears it at the next attempt', async () => {
    fakeFetch({ 'POST /api/auth/signin': [401, { success: false, message: 'Invalid email or password.' }] });
    const { store } = renderScreen('/login', <LoginPage />);
    fireEvent.change(screen.getByTestId('login-email'), { target: { value: 'jana@example.com' } });
    fireEvent.change(screen.getByTestId('login-password'), { target: { value: 'wrong' } });
    fireEvent.click(screen.getByRole('button', { name: 'Log In' }));
    expect(await screen.findByText('Invalid email or password.')).toBeInTheDocument();
    expect(localStorage.getItem('access_token')).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'Log In' }));
    expect(store.getState().session.signIn.error).toBeNull();
    expect(await screen.findByText('Invalid email or password.')).toBeInTheDocument();
  });

  it('stores the token, fetches the current user and goes to /admin; the invitation id goes with the form', async () => {
    const calls = fakeFetch({
      'POST /api/auth/signin': [200, { success: true, message: 'jwt-token' }],
      'GET /api/loggedInUser': [200, user],
    });
    const { store } = renderScreen('/login', <LoginForm invitationId="inv-1" />, { '/admin': 'the dashboard' });
    fireEvent.change(screen.getByTestId('login-email'), { target: { value: 'jana@example.com' } });
    fireEvent.change(screen.getByTestId('login-password'), { target: { value: 'secret1' } });
    fireEvent.click(screen.getByRole('button', { name: 'Log In' }));

    expect(await screen.findByText('the dashboard')).toBeInTheDocument();
    expect(localStorage.getItem('access_token')).toBe('jwt-token');
    expect(store.getState().session.user).toEqual(user);
    expect(JSON.parse(calls[0].body!)).toEqual({
      email: 'jana@example.com',
      password: 'secret1',
      invitationId: 'inv-1',
    });
    expect(calls[1].headers.authorization).toBe('Bearer jwt-token');
  });

  it('switches to the reset mode and validates the email before sending', async () => {
    const calls = fakeFetch({ 'POST /api/sendLoginLink': [500, { message: 'Mail is not configured' }] });
    renderScreen('/login', <LoginPage />);
    fireEvent.click(screen.getByRole('button', { name: 'Forgot password?' }));
    expect(screen.getByRole('heading', { name: 'Reset Password' })).toBeInTheDocument();
    expect(
      screen.getByText('We will send you a login link and then you can change your password.'),
    ).toBeInTheDocument();
    expect(screen.getByText('Remember your password?')).toBeInTheDocument();

    fireEvent.change(screen.getByTestId('reset-email'), { target: { value: 'a@b' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send Reset Link' }));
    expect(screen.getByText('Enter valid email address!')).toBeInTheDocument();
    expect(calls).toHaveLength(0);

    fireEvent.change(screen.getByTestId('reset-email'), { target: { value: 'jana@example.com' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send Reset Link' }));
    await waitFor(() => expect(screen.getByText('Mail is not configured')).toBeInTheDocument());
    expect(screen.queryByText('Enter valid email address!')).not.toBeInTheDocument();

    fireEvent.click(screen.getByRole('button', { name: 'Back to login' }));
    expect(screen.getByRole('heading', { name: 'Welcome back!' })).toBeInTheDocument();
  });
});
