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
    const alert = jest.spyOn(window, 'alert').mockImplementation(() => undefined);
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
    await waitFor(() => expect(screen.getByTestId('reset-error')).toHaveTextContent('Mail is not configured'));
    expect(screen.queryByText('Enter valid email address!')).not.toBeInTheDocument();
    expect(alert).toHaveBeenCalledWith('Mail is not configured');
    // A server error is tried once more (the spec: sendLoginLink retries 1).
    expect(calls).toHaveLength(2);
    expect(JSON.parse(calls[0].body!)).toEqual({ email: 'jana@example.com' });
    expect(screen.queryByTestId('reset-panel')).not.toBeInTheDocument();
    alert.mockRestore();

    fireEvent.click(screen.getByRole('button', { name: 'Back to login' }));
    expect(screen.getByRole('heading', { name: 'Welcome back!' })).toBeInTheDocument();
  });

  it('replaces the reset form by the check-your-inbox panel with the server message', async () => {
    const message = 'If an account exists for this address, we have sent a login link to it.';
    fakeFetch({ 'POST /api/sendLoginLink': [200, { success: true, message }] });
    renderScreen('/login', <LoginPage />);
    fireEvent.click(screen.getByRole('button', { name: 'Forgot password?' }));
    fireEvent.change(screen.getByTestId('reset-email'), { target: { value: 'jana@example.com' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send Reset Link' }));

    const panel = await screen.findByTestId('reset-panel');
    expect(panel).toHaveTextContent('Please check your inbox');
    expect(panel).toHaveTextContent(message);
    expect(panel).toHaveTextContent('Simply click on the link in the email to log in.');
    expect(screen.queryByTestId('reset-email')).not.toBeInTheDocument();
  });

  it('shows a rate-limit answer in place, without sending it again', async () => {
    const alert = jest.spyOn(window, 'alert').mockImplementation(() => undefined);
    const tooMany = 'Too many attempts. Please wait a minute and try again.';
    const calls = fakeFetch({ 'POST /api/sendLoginLink': [429, { success: false, message: tooMany }] });
    renderScreen('/login', <LoginPage />);
    fireEvent.click(screen.getByRole('button', { name: 'Forgot password?' }));
    fireEvent.change(screen.getByTestId('reset-email'), { target: { value: 'jana@example.com' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send Reset Link' }));
    await waitFor(() => expect(screen.getByTestId('reset-error')).toHaveTextContent(tooMany));
    expect(alert).toHaveBeenCalledWith(tooMany);
    expect(calls).toHaveLength(1);
    alert.mockRestore();
  });

  it('rejects an email without @ or shorter than 4 characters', () => {
    const calls = fakeFetch({});
    renderScreen('/login', <LoginPage />);
    fireEvent.click(screen.getByRole('button', { name: 'Forgot password?' }));
    for (const value of ['', 'jana.example.com', 'a@b']) {
      fireEvent.change(screen.getByTestId('reset-email'), { target: { value } });
      fireEvent.click(screen.getByRole('button', { name: 'Send Reset Link' }));
      expect(screen.getByText('Enter valid email address!')).toBeInTheDocument();
    }
    expect(calls).toHaveLength(0);
  });
});
