import { api, linkSessionStore, tokenStore } from '@teaminbox/api-client';
import { selectPendingNotices } from './notices.slice';
import { selectSessionStatus, userLoaded } from './session.slice';
import { createAppStore } from './store';
import { stubSignedInCalls } from './testing/signed-in-calls';

const user = { id: 'u1', email: 'jana@example.com', firstName: null, lastName: null, role: null, teamId: null };

function answerAll(status: number, body: unknown) {
  global.fetch = jest.fn(async () => ({
    ok: status < 300,
    status,
    statusText: '',
    text: async () => JSON.stringify(body),
  })) as unknown as typeof fetch;
}

describe('the session', () => {
  beforeEach(() => {
    localStorage.clear();
    sessionStorage.clear();
  });
  afterEach(() => jest.restoreAllMocks());

  it('ends silently when a secured call answers 401 for the stored token', async () => {
    const store = createAppStore({
      realtimeClientFactory: () => ({ status: () => 'disconnected', close: () => undefined }),
    });
    tokenStore.set('token-1');
    linkSessionStore.mark();
    // What the core sagas load for the user is answered; the 401 comes from the call below.
    stubSignedInCalls();
    store.dispatch(userLoaded(user));
    expect(selectSessionStatus(store.getState())).toBe('authenticated');

    answerAll(401, { message: 'Unauthorized' });
    await expect(api.getTeam()).rejects.toMatchObject({ status: 401 });

    expect(selectSessionStatus(store.getState())).toBe('anonymous');
    expect(store.getState().session.user).toBeNull();
    expect(tokenStore.get()).toBeNull();
    expect(linkSessionStore.isMarked()).toBe(false);
    expect(selectPendingNotices(store.getState())).toEqual([]);
  });

  it('keeps the session on other errors', async () => {
    const store = createAppStore({
      realtimeClientFactory: () => ({ status: () => 'disconnected', close: () => undefined }),
    });
    tokenStore.set('token-1');
    // Every call fails with 500 from the start, including those the core sagas make once the user is known.
    answerAll(500, { message: 'boom' });
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    store.dispatch(userLoaded(user));
    await expect(api.getTeam()).rejects.toMatchObject({ status: 500 });
    warn.mockRestore();
    expect(selectSessionStatus(store.getState())).toBe('authenticated');
    expect(tokenStore.get()).toBe('token-1');
  });
});
