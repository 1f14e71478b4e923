import { createServer, type Server } from 'node:https';
import type { AddressInfo } from 'node:net';
import { testCertificate } from '../../../test/net/test-certificate';
import type { HostLookup } from './mail-host-guard';
import {
  assertOutboundUrlAllowed,
  OUTBOUND_URL_NOT_ALLOWED_MESSAGE,
  outboundHttps,
  OutboundUrlNotAllowedError,
} from './outbound-https';

describe('outbound https with the SSRF guard', () => {
  const cert = testCertificate(['hooks.test']);
  const seen: { host?: string; body: string; url?: string }[] = [];
  let server: Server;
  let port = 0;
  let answer: { status: number; body: string; headers?: Record<string, string> } = { status: 200, body: 'ok' };

  beforeAll(async () => {
    server = createServer({ cert: cert.cert, key: cert.key }, (req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (chunk: Buffer) => chunks.push(chunk));
      req.on('end', () => {
        seen.push({ host: req.headers.host, body: Buffer.concat(chunks).toString('utf8'), url: req.url });
        res.writeHead(answer.status, answer.headers);
        res.end(answer.body);
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.address() as AddressInfo).port;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
  beforeEach(() => {
    seen.length = 0;
    answer = { status: 200, body: 'ok' };
  });

  const to = (...addresses: string[]) =>
    jest.fn<ReturnType<HostLookup>, Parameters<HostLookup>>(async () =>
      addresses.map((address) => ({ address, family: address.includes(':') ? 6 : 4 })),
    );

  it('refuses anything but https without credentials, before any lookup', async () => {
    const lookup = to('8.8.8.8');
    for (const url of ['http://hooks.test/x', 'ftp://hooks.test/x', 'https://u:p@hooks.test/x', 'not a url', '']) {
      await expect(outboundHttps(url, { allowPrivate: true, lookup })).rejects.toThrow(OutboundUrlNotAllowedError);
      await expect(assertOutboundUrlAllowed(url, { allowPrivate: true, lookup })).rejects.toThrow(
        OUTBOUND_URL_NOT_ALLOWED_MESSAGE,
      );
    }
    expect(lookup).not.toHaveBeenCalled();
  });

  it('refuses private, loopback and metadata addresses, also behind a name, unless private hosts are allowed', async () => {
    for (const url of [
      'https://127.0.0.1/x',
      'https://[::1]/x',
      'https://169.254.169.254/latest',
      'https://10.0.0.1/',
    ]) {
      await expect(outboundHttps(url, { allowPrivate: false })).rejects.toThrow(OutboundUrlNotAllowedError);
    }
    await expect(
      outboundHttps('https://hooks.test/x', { allowPrivate: false, lookup: to('93.184.216.34', '127.0.0.1') }),
    ).rejects.toThrow(OutboundUrlNotAllowedError);
    await expect(
      assertOutboundUrlAllowed('https://hooks.test/x', { allowPrivate: false, lookup: to('192.168.1.5') }),
    ).rejects.toThrow(OutboundUrlNotAllowedError);
    await expect(
      assertOutboundUrlAllowed('https://hooks.test/x', { allowPrivate: false, lookup: to('93.184.216.34') }),
    ).resolves.toBeUndefined();
    expect(seen).toEqual([]);
  });

  it('refuses a name that does not resolve as a private one; accepts it when saved while private hosts are allowed', async () => {
    const failing: HostLookup = async () => {
      throw new Error('ENOTFOUND');
    };
    await expect(
      assertOutboundUrlAllowed('https://hooks.example.invalid/x', { allowPrivate: false, lookup: failing }),
    ).rejects.toEqual(new OutboundUrlNotAllowedError());
    await expect(
      outboundHttps('https://hooks.example.invalid/x', { allowPrivate: false, lookup: failing }),
    ).rejects.toEqual(new OutboundUrlNotAllowedError());
    await expect(
      assertOutboundUrlAllowed('https://hooks.example.invalid/x', { allowPrivate: true, lookup: failing }),
    ).resolves.toBeUndefined();
    await expect(
      outboundHttps('https://hooks.example.invalid/x', { allowPrivate: true, lookup: failing }),
    ).rejects.toThrow('could not be found');
  });

  it('connects to the address it checked, once resolved, with the name for TLS and the Host header', async () => {
    const lookup = to('127.0.0.1');
    const res = await outboundHttps(`https://hooks.test:${port}/services/T/B?x=1`, {
      allowPrivate: true,
      lookup,
      ca: cert.cert,
      headers: { 'content-type': 'application/json' },
      body: '{"text":"hi"}',
    });
    expect(res).toMatchObject({ status: 200, body: 'ok' });
    expect(lookup).toHaveBeenCalledTimes(1);
    expect(seen).toEqual([{ host: `hooks.test:${port}`, body: '{"text":"hi"}', url: '/services/T/B?x=1' }]);
  });

  it('checks the certificate against the name, not the pinned address', async () => {
    await expect(
      outboundHttps(`https://elsewhere.test:${port}/x`, { allowPrivate: true, lookup: to('127.0.0.1'), ca: cert.cert }),
    ).rejects.toThrow(/altnames|does not match|certificate/i);
    await expect(
      outboundHttps(`https://hooks.test:${port}/x`, { allowPrivate: true, lookup: to('127.0.0.1') }),
    ).rejects.toThrow(/self[- ]signed|certificate/i);
    expect(seen).toEqual([]);
  });

  it('does not follow redirects and caps what it reads of the answer', async () => {
    answer = { status: 302, body: '', headers: { location: 'https://169.254.169.254/latest/meta-data' } };
    const redirected = await outboundHttps(`https://hooks.test:${port}/x`, {
      allowPrivate: true,
      lookup: to('127.0.0.1'),
      ca: cert.cert,
    });
    expect(redirected.status).toBe(302);
    expect(seen).toHaveLength(1);

    answer = { status: 200, body: 'x'.repeat(200_000) };
    const big = await outboundHttps(`https://hooks.test:${port}/x`, {
      allowPrivate: true,
      lookup: to('127.0.0.1'),
      ca: cert.cert,
    });
    expect(big.body).toHaveLength(64 * 1024);
  });
});
