import { act, screen } from '@testing-library/react';
import { fakeFetch, renderScreen } from '../../testing/render';
import { LoginLinkPage } from './LoginLinkPage';

const user = { id: 'u1', email: 'jana@example.com', firstName: null, lastName: null, role: 'ADMIN', teamId: 't1' };
const PATTERN = { pattern: '/loginLink/:token' };

/** Lets pending fetch promises and saga steps run (fake timers leave microtasks alone). */
async function settle() {
  await act(async () => {
    for (let i = 0; i < 10; i++) await Promise.resolve();
  });
}

beforeEach(() => {
  localStorage.clear();
  sessionStorage.clear();
  jest.useFakeTimers();
});
afterEach(() => jest.useRealTimers());

describe('the login-link screen', () => {
  it('signs in with the link once, stores the token and redirects to / after one second', async () => {
    const calls = fakeFetch({
      'GET /api/auth/loginLinkSignin/link-token-1': [200, { token: 'jwt-1', id: 'u1' }],
      'GET /api/loggedInUser': [200, user],
    });
    // StrictMode runs the effect twice: the link must still be used once.
    const { store } = renderScreen(
      '/loginLink/link-token-1',
      <LoginLinkPage />,
      { '/': 'the home page' },
      { ...PATTERN, strict: true },
    );
    expect(screen.getByTestId('login-link-status')).toHaveTextContent('Logging you in...');
    await settle();

    expect(screen.getByTestId('login-link-status')).toHaveTextContent('Successfully logged in');
    expect(localStorage.getItem('access_token')).toBe('jwt-1');
    expect(sessionStorage.getItem('link_session')).toBe('1');
    expect(store.getState().session.user).toEqual(user);
    expect(calls.filter((c) => c.path.startsWith('/api/auth/loginLinkSignin/'))).toHaveLength(1);
    expect(calls.find((c) => c.path === '/api/loggedInUser')?.headers.authorization).toBe('Bearer jwt-1');

    act(() => jest.advanceTimersByTime(999));
    expect(screen.queryByText('the home page')).not.toBeInTheDocument();
    act(() => jest.advanceTimersByTime(1));
    expect(screen.getByText('the home page')).toBeInTheDocument();
  });

  it('asks again once per second while the server answers 425', async () => {
    let answers = 0;
    const calls = fakeFetch({ 'GET /api/loggedInUser': [200, user] });
    const fallback = global.fetch as jest.Mock;
    global.fetch = jest.fn(async (url: string, init?: RequestInit) => {
      if (!url.startsWith('/api/auth/loginLinkSignin/')) return fallback(url, init);
      answers++;
      const ready = answers === 3;
      const body = ready ? { token: 'jwt-2', id: 'u1' } : { success: false, message: 'not yet' };
      return { ok: ready, status: ready ? 200 : 425, statusText: '', text: async () => JSON.stringify(body) };
    }) as unknown as typeof fetch;

    renderScreen('/loginLink/link-token-2', <LoginLinkPage />, { '/': 'the home page' }, PATTERN);
    await settle();
    expect(answers).toBe(1);
    expect(screen.getByTestId('login-link-status')).toHaveTextContent('Logging you in...');

    await act(async () => jest.advanceTimersByTime(1000));
    await settle();
    expect(answers).toBe(2);
    await act(async () => jest.advanceTimersByTime(1000));
    await settle();
    expect(answers).toBe(3);
    expect(screen.getByTestId('login-link-status')).toHaveTextContent('Successfully logged in');
    expect(localStorage.getItem('access_token')).toBe('jwt-2');
    // The user is loaded once (the core sagas then load the bell and the team's photos).
    expect(calls.map((c) => c.path).filter((path) => path === '/api/loggedInUser')).toEqual(['/api/loggedInUser']);
  });

  it('gives up after 100 attempts', async () => {
    const calls = fakeFetch({ 'GET /api/auth/loginLinkSignin/slow-token': [425, { message: 'not yet' }] });
    renderScreen('/loginLink/slow-token', <LoginLinkPage />, {}, PATTERN);
    for (let i = 0; i < 100; i++) {
      await settle();
      await act(async () => jest.advanceTimersByTime(1000));
    }
    await settle();
    expect(calls).toHaveLength(100);
    expect(screen.getByTestId('login-link-status')).toHaveTextContent('Login failed');
  });

  it('shows the failure texts for a used or expired link', async () => {
    fakeFetch({
      'GET /api/auth/loginLinkSignin/used-token': [401, { success: false, message: 'Login link might be expired.' }],
    });
    renderScreen('/loginLink/used-token', <LoginLinkPage />, {}, PATTERN);
    await settle();
    expect(screen.getByTestId('login-link-status')).toHaveTextContent('Login failed');
    expect(screen.getByTestId('login-link-message')).toHaveTextContent('Login link might be expired.');
    expect(localStorage.getItem('access_token')).toBeNull();
    expect(sessionStorage.getItem('link_session')).toBeNull();
  });

  it('fails without calling the server for a token shorter than 2 characters, or none', async () => {
    const calls = fakeFetch({});
    renderScreen('/loginLink/x', <LoginLinkPage />, {}, PATTERN);
    await settle();
    expect(screen.getByTestId('login-link-status')).toHaveTextContent('Login failed');
    expect(screen.getByText('Login link might be expired.')).toBeInTheDocument();
    expect(calls).toHaveLength(0);
  });

  it('fails without a token at all', async () => {
    const calls = fakeFetch({});
    renderScreen('/loginLink', <LoginLinkPage />);
    await settle();
    expect(screen.getByTestId('login-link-status')).toHaveTextContent('Login failed');
    expect(calls).toHaveLength(0);
  });
});
