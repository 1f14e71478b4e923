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
});
