import { createServer, type Server } from 'node:https';
import type { AddressInfo } from 'node:net';
import { testCertificate } from '../../../../test/net/test-certificate';
import { OutboundUrlNotAllowedError } from '../../../platform/net';
import { sendSlack, slackBody } from './slack.sender';

describe('Slack incoming webhook', () => {
  const cert = testCertificate(['hooks.test']);
  const bodies: string[] = [];
  let reply: { status: number; body: string; headers?: Record<string, string> } = { status: 200, body: 'ok' };
  let server: Server;
  let url = '';
  const options = () => ({
    allowPrivate: true,
    ca: cert.cert,
    lookup: async () => [{ address: '127.0.0.1', family: 4 }],
  });

  beforeAll(async () => {
    server = createServer({ cert: cert.cert, key: cert.key }, (req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        bodies.push(Buffer.concat(chunks).toString('utf8'));
        res.writeHead(reply.status, reply.headers).end(reply.body);
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    url = `https://hooks.test:${(server.address() as AddressInfo).port}/services/T0/B0/secret`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  const message = {
    title: 'New e-mail',
    message: 'From <!channel> & co: <http://evil|click>',
    link: 'https://inbox.example.com/admin/email-detail/e1',
  };

  it('posts the title, the message and the link, escaping what Slack would read as markup', async () => {
    reply = { status: 200, body: 'ok' };
    expect(await sendSlack(url, message, options())).toEqual({ kind: 'delivered' });
    expect(JSON.parse(bodies.at(-1) ?? '')).toEqual({
      text:
        '*New e-mail*\nFrom &lt;!channel&gt; &amp; co: &lt;http://evil|click&gt;\n' +
        '<https://inbox.example.com/admin/email-detail/e1|https://inbox.example.com/admin/email-detail/e1>',
    });
    expect(JSON.parse(slackBody({ ...message, link: null })).text).not.toContain('\n<');
  });

  it('asks for a retry on 429 (with Retry-After) and on server errors', async () => {
    reply = { status: 429, body: 'rate_limited', headers: { 'retry-after': '3' } };
    expect(await sendSlack(url, message, options())).toEqual({ kind: 'retry', status: 429, retryAfterSeconds: 3 });
    reply = { status: 503, body: '' };
    expect(await sendSlack(url, message, options())).toEqual({ kind: 'retry', status: 503, retryAfterSeconds: null });
  });

  it('reports a refusal (other 4xx) with what Slack said', async () => {
    reply = { status: 404, body: 'no_service' };
    expect(await sendSlack(url, message, options())).toEqual({ kind: 'refused', status: 404, reason: 'no_service' });
    reply = { status: 410, body: 'channel_is_archived' };
    expect(await sendSlack(url, message, options())).toMatchObject({ kind: 'refused', status: 410 });
  });

  it('never calls a private address unless private hosts are allowed', async () => {
    const before = bodies.length;
    await expect(sendSlack(url, message, { ...options(), allowPrivate: false })).rejects.toThrow(
      OutboundUrlNotAllowedError,
    );
    expect(bodies).toHaveLength(before);
  });
});
