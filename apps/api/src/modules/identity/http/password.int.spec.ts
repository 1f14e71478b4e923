import type { LoginLinkResponse, SuccessMessageResponse } from '@teaminbox/contracts';
import {
  advanceClock,
  type ClientSocket,
  connectSocket,
  person,
  type Person,
  serverDisconnect,
} from '../../../../test/app/identity-fixtures';
import { suiteWithApp } from '../../../../test/app/suite';
import { linkIn } from '../../../../test/support/smtp-sink';

describe('PUT /api/me/password', () => {
  const { t, sink } = suiteWithApp();
  const sockets: ClientSocket[] = [];
  afterEach(() => {
    jest.restoreAllMocks();
    for (const socket of sockets.splice(0)) socket.close();
  });

  const change = (token: string, body: unknown) =>
    t.request<SuccessMessageResponse>('/api/me/password', { method: 'PUT', token, body });
  const signIn = (email: string, password: string) =>
    t.request<SuccessMessageResponse>('/api/auth/signin', { method: 'POST', body: { email, password } });

  async function linkSession(user: Person): Promise<string> {
    const before = sink.messages.length;
    await t.request('/api/sendLoginLink', { method: 'POST', body: { email: user.email } });
    const mail = await sink.waitFor(user.email, (m) => sink.messages.indexOf(m) >= before);
    const token = linkIn(mail, t.config.publicUrl, '/loginLink/').split('/loginLink/')[1];
    const res = await t.request<LoginLinkResponse>(`/api/auth/loginLinkSignin/${token}`);
    expect(res.status).toBe(200);
    return res.body.token;
  }

  it('after a login link, sets a new password without the old one (forgot password)', async () => {
    const user = await person(t, 'forgot');
    const linkToken = await linkSession(user);
    const res = await change(linkToken, { newPassword: 'brand new secret' });
    expect(res.status).toBe(200);
    expect(res.body.success).toBe(true);
    expect((await t.request('/api/loggedInUser', { token: res.body.message })).status).toBe(200);
    expect((await signIn(user.email, user.password)).status).toBe(401);
    expect((await signIn(user.email, 'brand new secret')).status).toBe(200);
  });

  it('asks for the current password when the link session is older than 15 minutes', async () => {
    const user = await person(t, 'stale');
    const linkToken = await linkSession(user);
    advanceClock(t, 16 * 60_000);
    const res = await change(linkToken, { newPassword: 'brand new secret' });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ success: false, message: 'Enter your current password.' });
  });

  it('asks a password session for the current password and checks it', async () => {
    const user = await person(t, 'pwd');
    const missing = await change(user.token, { newPassword: 'brand new secret' });
    expect(missing.status).toBe(400);
    expect(missing.body.message).toBe('Enter your current password.');
    const wrong = await change(user.token, { currentPassword: 'not it', newPassword: 'brand new secret' });
    expect(wrong.status).toBe(400);
    expect(wrong.body.message).toBe('The current password is incorrect.');
    const short = await change(user.token, { currentPassword: user.password, newPassword: '12345' });
    expect(short.status).toBe(400);
    expect(short.body.message).toBe('Password must be at least 6 characters');
    const ok = await change(user.token, { currentPassword: user.password, newPassword: 'brand new secret' });
    expect(ok.status).toBe(200);
  });

  it('ends every other session and socket of the user, and refuses their tokens at the handshake', async () => {
    const user = await person(t, 'sessions');
    const other = (await signIn(user.email, user.password)).body.message;
    const connected = await connectSocket(t, other);
    if (!('socket' in connected)) throw connected.error;
    sockets.push(connected.socket);
    const ended = serverDisconnect(connected.socket);

    const res = await change(user.token, { currentPassword: user.password, newPassword: 'brand new secret' });
    expect(res.status).toBe(200);
    expect(await ended).toBe('io server disconnect');

    for (const old of [user.token, other]) {
      const refused = await t.request('/api/loggedInUser', { token: old });
      expect(refused.status).toBe(401);
      const handshake = await connectSocket(t, old);
      expect('error' in handshake && handshake.error.message).toBe('Unauthorized');
    }
    const fresh = await connectSocket(t, res.body.message);
    if (!('socket' in fresh)) throw fresh.error;
    sockets.push(fresh.socket);
  });

  it('needs a session', async () => {
    expect((await t.request('/api/me/password', { method: 'PUT', body: { newPassword: 'whatever1' } })).status).toBe(
      401,
    );
  });
});
