import { apiEvents, type ApiEvent } from './api-events';
import { api } from './endpoints';
import { ApiError, describeApiError, request } from './http';
import { tokenStore } from './token-store';

function answer(status: number, body: unknown) {
  const text = typeof body === 'string' ? body : JSON.stringify(body);
  // jsdom has no Response: the client reads only ok, status, statusText and text().
  return jest.fn(async () => ({ ok: status >= 200 && status < 300, status, statusText: '', text: async () => text }));
}

describe('describeApiError', () => {
  it('maps 403 to Forbidden!', () => {
    expect(describeApiError(new ApiError(403, 'nope'))).toEqual({ kind: 'forbidden', text: 'Forbidden!' });
  });
  it('maps 449 to closing the dialogs', () => {
    expect(describeApiError(new ApiError(449, 'upgrade')).kind).toBe('upgrade-required');
  });
  it('describes any other status with its code and message', () => {
    expect(describeApiError(new ApiError(500, 'boom')).text).toBe('Error Code: 500 Message: boom');
  });
});

describe('request', () => {
  const events: ApiEvent[] = [];
  let unsubscribe: () => void;
  beforeEach(() => {
    events.length = 0;
    unsubscribe = apiEvents.subscribe((e) => events.push(e));
    localStorage.clear();
  });
  afterEach(() => unsubscribe());

  it('sends the stored token as a bearer header on secured calls only', async () => {
    tokenStore.set('t0k3n');
    const fetchMock = answer(200, { ok: true });
    global.fetch = fetchMock as unknown as typeof fetch;
    await request('/loggedInUser', { secured: true });
    await request('/register', { method: 'POST', body: {} });
    const headers = (call: number) =>
      (fetchMock.mock.calls[call] as unknown[])[1] as { headers: Record<string, string> };
    expect(headers(0).headers.authorization).toBe('Bearer t0k3n');
    expect(headers(1).headers.authorization).toBeUndefined();
  });

  it('reports a secured 403 as Forbidden! and rejects with the status', async () => {
    global.fetch = answer(403, { message: 'Not yours' }) as unknown as typeof fetch;
    await expect(request('/team', { secured: true })).rejects.toMatchObject({ status: 403, message: 'Not yours' });
    expect(events).toEqual([{ type: 'error', status: 403, text: 'Forbidden!' }]);
  });

  it('reports 449 as an upgrade-required event', async () => {
    global.fetch = answer(449, { message: 'upgrade' }) as unknown as typeof fetch;
    await expect(request('/team', { secured: true })).rejects.toBeInstanceOf(ApiError);
    expect(events).toEqual([{ type: 'upgrade-required' }]);
  });

  it('reports other errors with the code and the server message, unless the call is silent', async () => {
    global.fetch = answer(500, { message: 'boom' }) as unknown as typeof fetch;
    await expect(request('/team', { secured: true })).rejects.toBeInstanceOf(ApiError);
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    await expect(request('/emails', { secured: true, silent: true })).rejects.toBeInstanceOf(ApiError);
    warn.mockRestore();
    expect(events).toEqual([{ type: 'error', status: 500, text: 'Error Code: 500 Message: boom' }]);
  });

  it('returns the {success:false, message} body of a failed public call', async () => {
    global.fetch = answer(409, {
      success: false,
      message: 'An account with this email already exists.',
    }) as unknown as typeof fetch;
    await expect(api.register({ email: 'a@b.cz', password: 'secret1' })).resolves.toEqual({
      success: false,
      message: 'An account with this email already exists.',
    });
    expect(events).toEqual([]);
  });

  it('sends the team name as a text body', async () => {
    const fetchMock = answer(200, '');
    global.fetch = fetchMock as unknown as typeof fetch;
    await api.createTeam('Support crew');
    const init = (fetchMock.mock.calls[0] as unknown[])[1] as RequestInit & { headers: Record<string, string> };
    expect(init.method).toBe('PUT');
    expect(init.body).toBe('Support crew');
    expect(init.headers['content-type']).toBe('text/plain');
  });
});
