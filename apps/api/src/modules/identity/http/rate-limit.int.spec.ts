import type { SuccessMessageResponse } from '@teaminbox/contracts';
import { startTestApp, type TestApp } from '../../../../test/app/test-app';

const TOO_MANY = { success: false, message: 'Too many attempts. Please wait a minute and try again.' };

describe('rate limits of the public identity calls', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await startTestApp({ rateLimit: { perAddress: 3, perIp: 8, windowMs: 60_000 } });
  });
  afterAll(() => t?.close());

  const post = (path: string, body: unknown) =>
    t.request<SuccessMessageResponse>(`/api/${path}`, { method: 'POST', body });

  it('limits sign-in attempts per address, whatever the case, successful or not', async () => {
    await post('register', { email: 'limited@example.com', password: 'secret1' });
    const statuses = [];
    for (const email of ['limited@example.com', 'LIMITED@example.com', 'limited@example.com']) {
      statuses.push((await post('auth/signin', { email, password: 'wrong password' })).status);
    }
    expect(statuses).toEqual([401, 401, 401]);
    const blocked = await post('auth/signin', { email: 'limited@example.com', password: 'secret1' });
    expect(blocked.status).toBe(429);
    expect(blocked.body).toMatchObject(TOO_MANY);
  });

  it('limits per client address across email addresses, and per call', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 9; i++) {
      statuses.push((await post('sendLoginLink', { email: `spray${i}@example.com` })).status);
    }
    expect(statuses).toEqual([200, 200, 200, 200, 200, 200, 200, 200, 429]);
    const res = await post('sendLoginLink', { email: 'fresh@example.com' });
    expect(res.status).toBe(429);
    expect(res.body).toMatchObject(TOO_MANY);
  });

  it('limits registrations', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 4; i++)
      statuses.push((await post('register', { email: 'reg@example.com', password: 'short' })).status);
    expect(statuses).toEqual([400, 400, 400, 429]);
  });

  it('counts a forged X-Forwarded-For as the same client when no proxy is trusted (TRUST_PROXY_HOPS=0)', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 9; i++) {
      const res = await t.request('/api/register', {
        method: 'POST',
        body: { email: `forged${i}@example.com`, password: 'short' },
        headers: { 'x-forwarded-for': `203.0.113.${i}` },
      });
      statuses.push(res.status);
    }
    // Each address is new and each forged client too: only the connection's address can reach its limit (8).
    expect(statuses).toContain(429);
  });
});

describe('rate limits behind a trusted reverse proxy (TRUST_PROXY_HOPS=1)', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await startTestApp({ rateLimit: { perAddress: 100, perIp: 2, windowMs: 60_000 }, trustProxyHops: 1 });
  });
  afterAll(() => t?.close());

  it("counts each client address the proxy forwards apart, and the proxy's own hop is not the client", async () => {
    const send = (client: string, i: number) =>
      t.request('/api/sendLoginLink', {
        method: 'POST',
        body: { email: `proxied${i}@example.com` },
        // A client may forge entries on the left; the proxy appends the address it saw (the one trusted hop).
        headers: { 'x-forwarded-for': `198.51.100.77, ${client}` },
      });
    const first = [await send('192.0.2.1', 1), await send('192.0.2.1', 2), await send('192.0.2.1', 3)];
    expect(first.map((res) => res.status)).toEqual([200, 200, 429]);
    expect((await send('192.0.2.2', 4)).status).toBe(200);
  });
});
