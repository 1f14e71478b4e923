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

  it('reports a secured 401 for the stored token as the end of the session, without a notice', async () => {
    tokenStore.set('old');
    global.fetch = answer(401, { message: 'Unauthorized' }) as unknown as typeof fetch;
    await expect(request('/team', { secured: true })).rejects.toMatchObject({ status: 401 });
    expect(events).toEqual([{ type: 'unauthorized' }]);
  });

  it('ignores a 401 for a token that was replaced meanwhile', async () => {
    tokenStore.set('old');
    global.fetch = jest.fn(async () => {
      tokenStore.set('new');
      return { ok: false, status: 401, statusText: '', text: async () => '{"message":"Unauthorized"}' };
    }) as unknown as typeof fetch;
    await expect(request('/team', { secured: true })).rejects.toMatchObject({ status: 401 });
    expect(events).toEqual([]);
  });

  it('leaves a handled failure to the caller', async () => {
    global.fetch = answer(403, { message: 'Only an ADMIN or MAINTAINER may do this.' }) as unknown as typeof fetch;
    await expect(api.removeMember('u2')).rejects.toMatchObject({ status: 403 });
    expect(events).toEqual([]);
  });

  it('sends the role as a text body', async () => {
    const fetchMock = answer(200, '');
    global.fetch = fetchMock as unknown as typeof fetch;
    await api.changeMemberRole('u 2', 'MAINTAINER');
    const [url, init] = fetchMock.mock.calls[0] as unknown as [
      string,
      RequestInit & { headers: Record<string, string> },
    ];
    expect(url).toBe('/api/team/member/u%202/role');
    expect(init).toMatchObject({ method: 'PUT', body: 'MAINTAINER' });
    expect(init.headers['content-type']).toBe('text/plain');
  });
});

describe('public call retries', () => {
  beforeEach(() => localStorage.clear());

  it('tries sendLoginLink once more after a server error', async () => {
    const fetchMock = jest
      .fn()
      .mockResolvedValueOnce({ ok: false, status: 503, statusText: '', text: async () => '' })
      .mockResolvedValueOnce({
        ok: true,
        status: 200,
        statusText: '',
        text: async () => JSON.stringify({ success: true, message: 'sent' }),
      });
    global.fetch = fetchMock as unknown as typeof fetch;
    await expect(api.sendLoginLink('a@b.cz')).resolves.toEqual({ success: true, message: 'sent' });
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it('does not repeat a definite answer such as 429', async () => {
    const fetchMock = answer(429, { success: false, message: 'Too many attempts.' });
    global.fetch = fetchMock as unknown as typeof fetch;
    await expect(api.sendLoginLink('a@b.cz')).resolves.toEqual({ success: false, message: 'Too many attempts.' });
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('never repeats register', async () => {
    const fetchMock = answer(500, { success: false, message: 'An error occurred, please try again later.' });
    global.fetch = fetchMock as unknown as typeof fetch;
    await api.register({ email: 'a@b.cz', password: 'secret1' });
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('returns the body of an expired invitation and repeats a failed lookup once', async () => {
    global.fetch = answer(410, {
      success: false,
      message: 'Invitation has expired',
      flag: 0,
    }) as unknown as typeof fetch;
    await expect(api.describeInvitation('tok')).resolves.toEqual({
      success: false,
      message: 'Invitation has expired',
      flag: 0,
    });
    const failing = answer(502, 'Bad gateway');
    global.fetch = failing as unknown as typeof fetch;
    await expect(api.describeInvitation('tok')).resolves.toMatchObject({ success: false, flag: 0 });
    expect(failing).toHaveBeenCalledTimes(2);
  });
});
