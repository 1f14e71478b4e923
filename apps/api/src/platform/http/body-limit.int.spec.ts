import { startTestApp, type TestApp } from '../../../test/app/test-app';

describe('JSON request bodies', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t?.close());

  const postJson = (bytes: number) =>
    fetch(`${t.baseUrl}/api/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'big@example.test', password: 'x'.repeat(bytes) }),
    });

  it('accepts bodies of several megabytes (attachments travel as base64) and validates them', async () => {
    const res = await postJson(5 * 1024 * 1024);
    expect(res.status).toBe(400);
    expect(((await res.json()) as { message: string }).message).toMatch(/password/i);
  });

  it('refuses bodies over the limit with 413', async () => {
    const res = await postJson(40 * 1024 * 1024);
    expect(res.status).toBe(413);
  });
});
