import type { SuccessMessageResponse } from '@teaminbox/contracts';
import { startTestApp, type TestApp } from '../../../../test/app/test-app';

const TOO_MANY = { success: false, message: 'Too many attempts. Please wait a minute and try again.' };

describe('PUT /api/me/password under a flood', () => {
  let t: TestApp;

  beforeAll(async () => {
    // Behind one trusted proxy, so that each request can come from the client address it names.
    t = await startTestApp({ rateLimit: { perAddress: 10, perIp: 30, windowMs: 60_000 }, trustProxyHops: 1 });
  });
  afterAll(() => t?.close());

  const change = (token: string, from: string, currentPassword = 'not the password') =>
    t.request<SuccessMessageResponse>('/api/me/password', {
      method: 'PUT',
      token,
      body: { currentPassword, newPassword: 'brand new secret' },
      headers: { 'x-forwarded-for': from },
    });

  it("keeps another user's sign-in fast while one user sends 100 wrong password changes at once", async () => {
    const flooder = await t.signUp('flooder');
    const other = await t.signUp('bystander');

    const flood = Array.from({ length: 100 }, () => change(flooder.token, '198.51.100.7'));
    await new Promise((resolve) => setTimeout(resolve, 20));
    const started = Date.now();
    const signIn = await t.request<SuccessMessageResponse>('/api/auth/signin', {
      method: 'POST',
      body: { email: other.email, password: other.password },
      headers: { 'x-forwarded-for': '203.0.113.50' },
    });
    const elapsed = Date.now() - started;
    expect(signIn.status).toBe(200);
    expect(elapsed).toBeLessThan(2000);

    const answers = await Promise.all(flood);
    const statuses = answers.map((res) => res.status);
    // Each attempt is a wrong password (400) or refused at once (429); none finds the server too busy (503).
    expect(statuses.filter((status) => status !== 400 && status !== 429)).toEqual([]);
    expect(statuses.filter((status) => status === 400).length).toBeGreaterThan(0);
    expect(statuses.filter((status) => status === 400).length).toBeLessThanOrEqual(10);
    expect(answers.find((res) => res.status === 429)?.body).toMatchObject(TOO_MANY);
    // The password was not changed.
    const again = await t.request('/api/auth/signin', {
      method: 'POST',
      body: { email: flooder.email, password: flooder.password },
      headers: { 'x-forwarded-for': '203.0.113.51' },
    });
    expect(again.status).toBe(200);
  });

  it('limits the changes of one user, from any address', async () => {
    const user = await t.signUp('limited-change');
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) statuses.push((await change(user.token, `192.0.2.${i + 1}`)).status);
    expect(statuses).toEqual([...Array<number>(10).fill(400), 429]);
  });

  it('counts an IPv6 client by its /64 prefix and an IPv4-mapped address as its IPv4 address', async () => {
    const users = await Promise.all([1, 2, 3, 4].map((n) => t.signUp(`v6-${n}`)));
    const statuses: number[] = [];
    // 30 attempts (the per-address limit) from 30 hosts of one /64, by three users (10 each, their own limit).
    for (let i = 0; i < 30; i++) statuses.push((await change(users[i % 3].token, `2001:db8:aa:bb::${i + 1}`)).status);
    expect(statuses).toEqual(Array<number>(30).fill(400));
    const sameNetwork = await change(users[3].token, '2001:db8:aa:bb:ffff:ffff:ffff:ffff');
    expect(sameNetwork.status).toBe(429);
    expect(sameNetwork.body).toMatchObject(TOO_MANY);
    expect((await change(users[3].token, '2001:db8:aa:bc::1')).status).toBe(400);

    const more = await Promise.all([5, 6, 7, 8].map((n) => t.signUp(`v4-${n}`)));
    const mapped: number[] = [];
    for (let i = 0; i < 30; i++) {
      const from = i % 2 ? '203.0.113.9' : '::ffff:203.0.113.9';
      mapped.push((await change(more[i % 3].token, from)).status);
    }
    expect(mapped).toEqual(Array<number>(30).fill(400));
    expect((await change(more[3].token, '::ffff:203.0.113.9')).status).toBe(429);
    expect((await change(more[3].token, '203.0.113.9')).status).toBe(429);
    expect((await change(more[3].token, '203.0.113.10')).status).toBe(400);
  });
});
