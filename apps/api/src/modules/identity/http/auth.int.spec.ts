import { JwtService } from '@nestjs/jwt';
import argon2 from 'argon2';
import { DataSource } from 'typeorm';
import type { CurrentUser, SuccessMessageResponse } from '@teaminbox/contracts';
import { startTestApp, type TestApp } from '../../../../test/app/test-app';

describe('identity over HTTP', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t?.close());

  describe('POST /api/register', () => {
    it('creates an account', async () => {
      const res = await t.request('/api/register', {
        method: 'POST',
        body: { email: 'new.person@example.com', password: 'secret1' },
      });
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ success: true, message: 'Account created successfully' });
    });

    it('refuses a second account with the same email, whatever its case', async () => {
      await t.request('/api/register', { method: 'POST', body: { email: 'twice@example.com', password: 'secret1' } });
      const res = await t.request<SuccessMessageResponse>('/api/register', {
        method: 'POST',
        body: { email: 'Twice@Example.com', password: 'another1' },
      });
      expect(res.status).toBe(409);
      expect(res.body).toMatchObject({ success: false, message: 'An account with this email already exists.' });
    });

    it('lets only one of concurrent registrations of one email succeed', async () => {
      const attempts = await Promise.all(
        Array.from({ length: 4 }, () =>
          t.request('/api/register', { method: 'POST', body: { email: 'race@example.com', password: 'secret1' } }),
        ),
      );
      expect(attempts.map((a) => a.status).sort()).toEqual([200, 409, 409, 409]);
    });

    it.each([
      [{ email: 'not-an-email', password: 'secret1' }, 'Enter a valid email address'],
      [{ email: 'short@example.com', password: '12345' }, 'Password must be at least 6 characters'],
      [{ password: 'secret1' }, undefined],
    ])('answers 400 with the validation message for %j', async (body, message) => {
      const res = await t.request<SuccessMessageResponse>('/api/register', { method: 'POST', body });
      expect(res.status).toBe(400);
      expect(res.body.success).toBe(false);
      expect(typeof res.body.message).toBe('string');
      if (message) expect(res.body.message).toBe(message);
    });
  });

  describe('POST /api/auth/signin', () => {
    const email = 'signin@example.com';
    const password = 'my password';

    beforeAll(async () => {
      await t.request('/api/register', { method: 'POST', body: { email, password } });
    });

    it('answers the access token in message', async () => {
      const res = await t.request<SuccessMessageResponse>('/api/auth/signin', {
        method: 'POST',
        body: { email: 'SignIn@example.com', password },
      });
      expect(res.status).toBe(200);
      expect(res.body.success).toBe(true);
      expect(res.body.message.split('.')).toHaveLength(3);
    });

    it('refuses a wrong password and an unknown email with the same answer', async () => {
      const wrong = await t.request('/api/auth/signin', { method: 'POST', body: { email, password: 'nope nope' } });
      const unknown = await t.request('/api/auth/signin', {
        method: 'POST',
        body: { email: 'nobody@example.com', password },
      });
      for (const res of [wrong, unknown]) {
        expect(res.status).toBe(401);
        expect(res.body).toMatchObject({ success: false, message: 'Invalid email or password.' });
      }
    });
  });

  describe('GET /api/loggedInUser', () => {
    it('answers the current user from the users read model', async () => {
      const { token, email } = await t.signUp('me');
      const res = await t.request<CurrentUser>('/api/loggedInUser', { token });
      expect(res.status).toBe(200);
      expect(res.body).toEqual({
        id: expect.stringMatching(/^[0-9a-f-]{36}$/),
        email,
        firstName: null,
        lastName: null,
        role: null,
        teamId: null,
        emailProven: true,
      });
    });

    it('answers 401 without a token, with a malformed one, a foreign signature or an expired one', async () => {
      const { token } = await t.signUp('guard');
      const me = await t.request<CurrentUser>('/api/loggedInUser', { token });
      const foreign = await new JwtService({ secret: 'another-secret-'.repeat(4) }).signAsync({ sub: me.body.id });
      const expired = await new JwtService({ secret: t.config.jwtSecret }).signAsync(
        { sub: me.body.id },
        { expiresIn: -10 },
      );
      const noneAlg = `${Buffer.from('{"alg":"none","typ":"JWT"}').toString('base64url')}.${Buffer.from(
        JSON.stringify({ sub: me.body.id }),
      ).toString('base64url')}.`;
      expect((await t.request('/api/loggedInUser')).status).toBe(401);
      for (const bad of ['garbage', foreign, expired, noneAlg]) {
        expect((await t.request('/api/loggedInUser', { token: bad })).status).toBe(401);
      }
    });
  });

  it('replaces a password hash made with older argon2 parameters at sign-in, without ending sessions', async () => {
    const { token, email, password } = await t.signUp('legacy');
    const db = t.app.get(DataSource);
    const legacy = await argon2.hash(password, {
      type: argon2.argon2id,
      memoryCost: 65_536,
      timeCost: 3,
      parallelism: 4,
    });
    const [{ id }] = (await db.query('SELECT id FROM users WHERE email = $1', [email])) as { id: string }[];
    await db.query('UPDATE user_credential SET password_hash = $2 WHERE user_id = $1', [id, legacy]);
    const signedIn = await t.request<SuccessMessageResponse>('/api/auth/signin', {
      method: 'POST',
      body: { email, password },
    });
    expect(signedIn.status).toBe(200);
    const stored = async () =>
      (
        (await db.query('SELECT password_hash FROM user_credential WHERE user_id = $1', [id])) as {
          password_hash: string;
        }[]
      )[0].password_hash;
    expect(await stored()).toMatch(/^\$argon2id\$v=19\$m=19456,p=1,t=2\$/);
    expect((await t.request('/api/loggedInUser', { token })).status).toBe(200);
    expect((await t.request('/api/auth/signin', { method: 'POST', body: { email, password } })).status).toBe(200);
    // The log says the password was rehashed, never what it hashed to.
    const events = (await db.query(
      `SELECT type, data::text AS data FROM events WHERE stream_id = $1 ORDER BY stream_version`,
      [`user-${id}`],
    )) as { type: string; data: string }[];
    expect(events.map((event) => event.type)).toContain('UserPasswordRehashed');
    for (const event of events) expect(event.data).not.toMatch(/argon2|passwordHash/);
  });

  it('keeps password hashes out of the log: register and change password append only the facts', async () => {
    const { token, email, password } = await t.signUp('facts');
    const db = t.app.get(DataSource);
    const [{ id }] = (await db.query('SELECT id FROM users WHERE email = $1', [email])) as { id: string }[];
    const changed = await t.request<SuccessMessageResponse>('/api/me/password', {
      method: 'PUT',
      token,
      body: { currentPassword: password, newPassword: 'a brand new passphrase' },
    });
    expect(changed.status).toBe(200);
    const events = (await db.query(
      `SELECT type, data::text AS data FROM events WHERE stream_id = $1 ORDER BY stream_version`,
      [`user-${id}`],
    )) as { type: string; data: string }[];
    expect(events.map((event) => event.type)).toEqual(
      expect.arrayContaining(['UserRegistered', 'UserPasswordChanged']),
    );
    for (const event of events) expect(event.data).not.toMatch(/argon2|passwordHash/);
    expect(
      (await db.query('SELECT password_hash FROM user_credential WHERE user_id = $1', [id]))[0].password_hash,
    ).toMatch(/^\$argon2id\$/);
    const signIn = (pw: string) => t.request('/api/auth/signin', { method: 'POST', body: { email, password: pw } });
    expect((await signIn(password)).status).toBe(401);
    expect((await signIn('a brand new passphrase')).status).toBe(200);
  });
});
