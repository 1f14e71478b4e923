import { createSocket, type Socket } from 'node:dgram';
import type { AddressInfo } from 'node:net';
import type { NotificationSettings } from '@teaminbox/contracts';
import { teamWith } from '../../../../test/app/identity-fixtures';
import { startTestApp, type TestApp } from '../../../../test/app/test-app';
import { type SmtpSink, startSmtpSink } from '../../../../test/support/smtp-sink';

type ErrorBody = { success: false; message: string };

/**
 * The app resolves user-given names with DNS_SERVERS pointing at a UDP socket that swallows every query: a webhook
 * whose DNS never answers is refused within the resolver's deadline, as a private address is, and while such saves
 * wait, requests that need libuv's thread pool (a sign-in's password hash) are not held behind them.
 */
describe('a Slack webhook whose DNS never answers', () => {
  let dns: Socket;
  let queries = 0;
  let sink: SmtpSink;
  let t: TestApp;

  beforeAll(async () => {
    dns = createSocket('udp4');
    dns.on('message', () => queries++);
    await new Promise<void>((resolve) => dns.bind(0, '127.0.0.1', resolve));
    sink = await startSmtpSink();
    t = await startTestApp({
      smtpUrl: sink.url,
      allowPrivateMailHosts: false,
      dnsServers: [`127.0.0.1:${(dns.address() as AddressInfo).port}`],
    });
  });
  afterAll(async () => {
    await t?.close();
    await sink?.close();
    dns?.close();
  });

  const timed = async <T>(work: Promise<T>) => {
    const started = performance.now();
    const result = await work;
    return { result, ms: performance.now() - started };
  };

  it('is refused within the deadline like a private host, and a sign-in meanwhile is not slowed', async () => {
    const { admin } = await teamWith(t, sink, []);
    const other = await t.signUp('bystander');
    const current = (await t.request<NotificationSettings>('/api/notification-settings', { token: admin.token })).body;
    const save = (slackWebhookUrl: string) =>
      t.request<ErrorBody>('/api/notification-settings', {
        method: 'PUT',
        token: admin.token,
        body: { ...current, slackNotificationsEnabled: true, slackWebhookUrl },
      });

    const privateHost = await save('https://10.1.2.3/services/T/B/x');
    expect(privateHost.status).toBe(400);

    const saves = Array.from({ length: 8 }, (_, i) => timed(save(`https://hooks-${i}.unanswered.test/services/T/B/x`)));
    await new Promise((resolve) => setTimeout(resolve, 300));
    const signIn = await timed(
      t.request('/api/auth/signin', { method: 'POST', body: { email: other.email, password: other.password } }),
    );
    expect(signIn.result.status).toBe(200);
    expect(signIn.ms).toBeLessThan(1_000);

    for (const { result, ms } of await Promise.all(saves)) {
      expect([result.status, result.body]).toEqual([privateHost.status, privateHost.body]);
      expect(ms).toBeLessThan(4_000);
    }
    expect(queries).toBeGreaterThanOrEqual(8);
    const stored = await t.request<NotificationSettings>('/api/notification-settings', { token: admin.token });
    expect(stored.body.slackWebhookUrl).toBe(current.slackWebhookUrl);
  }, 20_000);
});
