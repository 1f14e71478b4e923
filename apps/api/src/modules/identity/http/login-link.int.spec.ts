import type { CurrentUser, LoginLinkResponse, SuccessMessageResponse } from '@teaminbox/contracts';
import { DataSource } from 'typeorm';
import { advanceClock, person, type Person } from '../../../../test/app/identity-fixtures';
import { suiteWithApp } from '../../../../test/app/suite';
import { linkIn } from '../../../../test/support/smtp-sink';
import { ProjectionRunner } from '../../../platform/projections/projection-runner';

const SENT = 'If an account exists for this address, we have sent a login link to it.';
const EXPIRED = { success: false, message: 'Login link might be expired.' };

describe('login links over HTTP', () => {
  const { t, sink } = suiteWithApp({ config: { publicUrl: 'https://inbox.example.com' } });
  afterEach(() => {
    jest.restoreAllMocks();
    sink.refuse(false);
  });

  async function requestLink(user: Person): Promise<string> {
    const before = sink.messages.length;
    const res = await t.request<SuccessMessageResponse>('/api/sendLoginLink', {
      method: 'POST',
      body: { email: user.email.toUpperCase() },
    });
    expect(res.status).toBe(200);
    const mail = await sink.waitFor(user.email, (m) => sink.messages.indexOf(m) >= before);
    return linkIn(mail, 'https://inbox.example.com', '/loginLink/').split('/loginLink/')[1];
  }

  const useLink = (token: string) => t.request<LoginLinkResponse>(`/api/auth/loginLinkSignin/${token}`);
  /** Uses a link as the web client does: again while the server answers 425 (its read model not caught up yet). */
  async function signInWithLink(token: string) {
    for (let attempt = 1; ; attempt++) {
      const res = await useLink(token);
      if (res.status !== 425 || attempt >= 40) return res;
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  }

  it('answers known and unknown addresses alike, and mails a link only to the known one', async () => {
    const user = await person(t, 'known', { proven: false });
    const before = sink.messages.length;
    const known = await t.request('/api/sendLoginLink', { method: 'POST', body: { email: user.email } });
    const unknown = await t.request('/api/sendLoginLink', {
      method: 'POST',
      body: { email: 'nobody.here@example.com' },
    });
    for (const res of [known, unknown]) {
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ success: true, message: SENT });
    }
    const mail = await sink.waitFor(user.email, (m) => sink.messages.indexOf(m) >= before);
    expect(mail.subject).toBe('Your Team Inbox login link');
    expect(mail.from).toBe('no-reply@localhost');
    const link = linkIn(mail, 'https://inbox.example.com', '/loginLink/');
    expect(link).toMatch(/^https:\/\/inbox\.example\.com\/loginLink\/[A-Za-z0-9_-]{43}$/);
    expect(mail.html).toContain(`href="${link}"`);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(sink.messages.filter((m) => m.to.includes('nobody.here@example.com'))).toEqual([]);
  });

  it('answers 400 for an invalid address', async () => {
    const res = await t.request<SuccessMessageResponse>('/api/sendLoginLink', {
      method: 'POST',
      body: { email: 'not-an-address' },
    });
    expect(res.status).toBe(400);
    expect(res.body.success).toBe(false);
  });

  it('signs in once with the emailed link: {token, id}, a session marked as a link session', async () => {
    const user = await person(t, 'link', { proven: false });
    const token = await requestLink(user);
    const res = await signInWithLink(token);
    expect(res.status).toBe(200);
    // The account's first link: it proves the address (the password set at registration is dropped, see below).
    expect(res.body).toEqual({ token: expect.any(String), id: user.id, passwordCleared: true });
    const me = await t.request<CurrentUser>('/api/loggedInUser', { token: res.body.token });
    expect(me.body.email).toBe(user.email);
    const claims = JSON.parse(Buffer.from(res.body.token.split('.')[1], 'base64url').toString()) as Record<
      string,
      unknown
    >;
    expect(claims).toMatchObject({ sub: user.id, amr: 'link', sv: 1, iat: expect.any(Number) });
    // A later link of a proven account changes nothing.
    const second = await signInWithLink(await requestLink(user));
    expect(second.body).toEqual({ token: expect.any(String), id: user.id });

    const again = await useLink(token);
    expect(again.status).toBe(401);
    expect(again.body).toMatchObject(EXPIRED);
  });

  it('takes a pre-registered address back: the first link ends every other session and the old password', async () => {
    // Someone registered the address with a password of their own and keeps a session.
    const squatter = await person(t, 'squatted', { proven: false });
    const squatterSession = squatter.token;
    expect((await t.request('/api/loggedInUser', { token: squatterSession })).status).toBe(200);

    // The owner of the mailbox signs in with a link sent to it.
    const owner = await signInWithLink(await requestLink(squatter));
    expect(owner.status).toBe(200);
    expect(owner.body.passwordCleared).toBe(true);
    expect((await t.request('/api/loggedInUser', { token: owner.body.token })).status).toBe(200);

    // The squatter's session and password stop working.
    expect((await t.request('/api/loggedInUser', { token: squatterSession })).status).toBe(401);
    const signIn = (password: string) =>
      t.request<SuccessMessageResponse>('/api/auth/signin', {
        method: 'POST',
        body: { email: squatter.email, password },
      });
    const refused = await signIn(squatter.password);
    expect(refused.status).toBe(401);
    expect(refused.body.message).toBe('Invalid email or password.');
    expect((await signIn('')).status).toBe(400);

    // The owner sets a new password in the link session; only that one works from then on.
    const set = await t.request<SuccessMessageResponse>('/api/me/password', {
      method: 'PUT',
      token: owner.body.token,
      body: { newPassword: 'the owner password' },
    });
    expect(set.status).toBe(200);
    expect((await signIn('the owner password')).status).toBe(200);
    expect((await signIn(squatter.password)).status).toBe(401);
  });

  it('refuses malformed and unknown tokens with 401 and the spec message', async () => {
    const unknown = Buffer.alloc(32, 7).toString('base64url');
    for (const bad of ['x', 'not-a-real-token-at-all', `${unknown}A`, unknown, '%00', '..%2F..']) {
      const res = await useLink(bad);
      expect(res.status).toBe(401);
      expect(res.body).toMatchObject(EXPIRED);
    }
  });

  it('refuses a link after 15 minutes', async () => {
    const user = await person(t, 'late', { proven: false });
    const token = await requestLink(user);
    advanceClock(t, 15 * 60_000 + 1000);
    const res = await useLink(token);
    expect(res.status).toBe(401);
    expect(res.body).toMatchObject(EXPIRED);
  });

  it('lets exactly one of concurrent uses of one link succeed', async () => {
    const user = await person(t, 'race', { proven: false });
    const token = await requestLink(user);
    const results = await Promise.all(Array.from({ length: 6 }, () => signInWithLink(token)));
    expect(results.map((r) => r.status).sort()).toEqual([200, 401, 401, 401, 401, 401]);
  });

  it('keeps only the hash of a token in the event store', async () => {
    const user = await person(t, 'hashed', { proven: false });
    const token = await requestLink(user);
    const dataSource = t.app.get(DataSource);
    const rows: { n: string }[] = await dataSource.query(
      `SELECT count(*)::text AS n FROM events WHERE data::text LIKE $1 OR stream_id LIKE $1`,
      [`%${token}%`],
    );
    expect(rows[0].n).toBe('0');
    const issued: { n: string }[] = await dataSource.query(
      `SELECT count(*)::text AS n FROM events WHERE type = 'LoginLinkIssued' AND data->>'userId' = $1`,
      [user.id],
    );
    expect(issued[0].n).toBe('1');
  });

  it('answers 425 without using the link while the users read model lacks the user, then signs in', async () => {
    const user = await person(t, 'early', { proven: false });
    const token = await requestLink(user);
    const dataSource = t.app.get(DataSource);
    // What a rebuild of the users projection looks like from outside: the row is not there yet.
    await dataSource.query(`DELETE FROM users WHERE id = $1`, [user.id]);
    const early = await useLink(token);
    expect(early.status).toBe(425);
    expect(early.body).toMatchObject({ success: false });

    await t.app.get(ProjectionRunner).rebuild('users');
    const res = await signInWithLink(token);
    expect(res.status).toBe(200);
    expect(res.body.id).toBe(user.id);
  });

  it('answers 200 for sendLoginLink even when the SMTP server refuses the mail', async () => {
    const user = await person(t, 'refused', { proven: false });
    sink.refuse(true);
    const res = await t.request('/api/sendLoginLink', { method: 'POST', body: { email: user.email } });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ success: true, message: SENT });
  });
});
