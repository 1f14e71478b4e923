import { startTestApp, type TestApp } from '../../../test/app/test-app';

describe('JSON request bodies', () => {
  let t: TestApp;
  let token: string;

  beforeAll(async () => {
    t = await startTestApp();
    token = (await t.signUp('bodies')).token;
    await t.request('/api/team', { method: 'PUT', token, body: 'bodies team' });
  });
  afterAll(() => t?.close());

  const postJson = (path: string, body: unknown, method = 'POST') =>
    fetch(`${t.baseUrl}${path}`, {
      method,
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify(body),
    });

  it('refuses any JSON body over 100 kB with 413, before it reaches a handler', async () => {
    const small = await postJson('/api/register', { email: 'big@example.test', password: 'x'.repeat(90_000) });
    expect(small.status).toBe(400);
    expect(((await small.json()) as { message: string }).message).toMatch(/password/i);
    expect((await postJson('/api/register', { email: 'big@example.test', password: 'x'.repeat(110_000) })).status).toBe(
      413,
    );
    expect((await postJson('/api/email-labels', { name: 'x'.repeat(200_000) })).status).toBe(413);
    expect((await postJson('/api/email-server-config', { imapHost: 'x'.repeat(200_000) })).status).toBe(413);
  });

  it('lets the reply call take several megabytes (attachments travel as base64) and still refuses beyond its limit', async () => {
    const attachment = {
      fileName: 'big.bin',
      contentType: 'application/octet-stream',
      base64Content: 'A'.repeat(5_000_000),
    };
    const reply = {
      emailId: '0193a0a0-0000-7000-8000-000000000001',
      teamId: '0193a0a0-0000-7000-8000-000000000002',
      to: ['a@example.com'],
      subject: 'Re',
      body: 'x',
      attachments: [attachment],
    };
    // Parsed and validated: the team is not the caller's (403), not a 413.
    expect((await postJson('/api/emails/send-reply', reply)).status).toBe(403);
    const tooBig = { ...reply, attachments: [{ ...attachment, base64Content: 'A'.repeat(40 * 1024 * 1024) }] };
    expect((await postJson('/api/emails/send-reply', tooBig)).status).toBe(413);
  });

  it('lets a rule carry its longest values in any script, and no more', async () => {
    // 20 conditions of 2,000 three-byte characters: about 120 kB of JSON, more than the default limit.
    const condition = { field: 'SUBJECT', operator: 'CONTAINS', value: '€'.repeat(2000) };
    const rule = { name: 'Long', priority: 'first', conditions: Array.from({ length: 20 }, () => condition) };
    expect(Buffer.byteLength(JSON.stringify(rule))).toBeGreaterThan(100 * 1024);
    // Parsed and validated (the priority is no number: 400), not a 413.
    expect((await postJson('/api/rules', rule)).status).toBe(400);
    const huge = { ...rule, name: 'x'.repeat(600_000) };
    expect((await postJson('/api/rules', huge)).status).toBe(413);
  });

  it('lets a draft carry a long body', async () => {
    const res = await postJson('/api/emails/0193a0a0-0000-7000-8000-000000000001/replies', {
      body: 'x'.repeat(2_000_000),
    });
    expect(res.status).toBe(404);
  });
});
