import { createServer as createHttpsServer, type Server as HttpsServer } from 'node:https';
import { type AddressInfo, createServer as createTcpServer, type Server as TcpServer, type Socket } from 'node:net';
import { testCertificate } from '../../../test/net/test-certificate';
import type { HostLookup } from './host-resolver';
import { MAX_RESPONSE_BYTES, outboundHttps, OutboundTimeoutError } from './outbound-https';
import { OutboundBusyError, OutboundLimits } from './outbound-limits';

const loopback: HostLookup = async () => [{ address: '127.0.0.1', family: 4 }];
const elapsed = async (work: Promise<unknown>) => {
  const started = performance.now();
  await work.catch(() => undefined);
  return performance.now() - started;
};
const listen = async (server: HttpsServer | TcpServer) => {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return (server.address() as AddressInfo).port;
};

describe('outbound https is bounded', () => {
  const cert = testCertificate(['hooks.test', 'trickle.test', 'big.test']);
  /** What the big answer's server managed to send before the connection closed, and whether it got to the end. */
  const big = { sent: 0, finished: false, closed: Promise.resolve() };
  let trickleClosed = Promise.resolve();
  let https: HttpsServer;
  let port = 0;
  /** Accepts connections and never says a word (not even TLS). */
  let silent: TcpServer;
  let silentPort = 0;
  const held = new Set<Socket>();

  beforeAll(async () => {
    https = createHttpsServer({ cert: cert.cert, key: cert.key }, (req, res) => {
      const host = (req.headers.host ?? '').split(':')[0];
      if (host === 'trickle.test') {
        res.writeHead(200, { 'content-type': 'text/plain' });
        const drip = setInterval(() => res.write('.'), 50);
        trickleClosed = new Promise((resolve) => res.on('close', () => resolve(clearInterval(drip))));
        return;
      }
      if (host === 'big.test') {
        res.writeHead(200, { 'content-type': 'application/octet-stream', 'content-length': String(1024 * 1024) });
        const chunk = Buffer.alloc(16 * 1024, 'x');
        big.sent = 0;
        big.finished = false;
        const pump = setInterval(() => {
          if (res.destroyed) return;
          res.write(chunk);
          big.sent += chunk.length;
          if (big.sent >= 1024 * 1024) {
            clearInterval(pump);
            res.end(() => (big.finished = true));
          }
        }, 10);
        big.closed = new Promise((resolve) => res.on('close', () => resolve(clearInterval(pump))));
        return;
      }
      req.resume();
      req.on('end', () => res.end('ok'));
    });
    port = await listen(https);
    silent = createTcpServer((socket) => {
      held.add(socket);
      socket.on('close', () => held.delete(socket));
    });
    silentPort = await listen(silent);
  });
  afterAll(async () => {
    for (const socket of held) socket.destroy();
    await new Promise<void>((resolve) => https.close(() => resolve()));
    await new Promise<void>((resolve) => silent.close(() => resolve()));
  });

  const options = { allowPrivate: true, lookup: loopback, ca: cert.cert };

  it('fails at its deadline when the answer trickles in forever, and closes the connection', async () => {
    const call = outboundHttps(`https://trickle.test:${port}/hook`, { ...options, timeoutMs: 800 });
    const ms = elapsed(call);
    await expect(call).rejects.toBeInstanceOf(OutboundTimeoutError);
    expect(await ms).toBeGreaterThanOrEqual(750);
    expect(await ms).toBeLessThan(2_000);
    await trickleClosed;
  }, 10_000);

  it('reads 64 KiB of a 1 MiB answer, then closes the connection: the rest is never sent', async () => {
    const res = await outboundHttps(`https://big.test:${port}/hook`, options);
    expect(res.status).toBe(200);
    expect(res.truncated).toBe(true);
    expect(res.body).toHaveLength(MAX_RESPONSE_BYTES);
    await big.closed;
    expect(big.finished).toBe(false);
    expect(big.sent).toBeLessThan(512 * 1024);
  }, 10_000);

  it('holds at most 2 calls in flight per host; a third gets no slot within its deadline and fails as busy', async () => {
    const limits = new OutboundLimits({ perHost: 2, perTeam: 4 });
    const to = `https://silent.test:${silentPort}/hook`;
    const holders = [1, 2].map(() => outboundHttps(to, { ...options, limits, timeoutMs: 2_000 }).catch((e) => e));
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(limits.host.inFlight('silent.test')).toBe(2);

    const third = outboundHttps(to, { ...options, limits, timeoutMs: 400 });
    const ms = elapsed(third);
    await expect(third).rejects.toEqual(new OutboundBusyError('host'));
    expect(await ms).toBeGreaterThanOrEqual(350);
    // Another host is not held back meanwhile.
    await expect(outboundHttps(`https://hooks.test:${port}/x`, { ...options, limits })).resolves.toMatchObject({
      status: 200,
      body: 'ok',
    });

    for (const outcome of await Promise.all(holders)) expect(outcome).toBeInstanceOf(OutboundTimeoutError);
    expect(limits.host.inFlight('silent.test')).toBe(0);
  }, 10_000);

  it("holds at most 4 calls in flight per team; a job's fifth fails at once, another team goes on", async () => {
    const limits = new OutboundLimits({ perHost: 2, perTeam: 4 });
    const holders = [1, 2, 3, 4].map((i) =>
      outboundHttps(`https://slow-${i}.test:${silentPort}/hook`, {
        ...options,
        limits,
        teamId: 'team-a',
        timeoutMs: 2_000,
      }).catch((e) => e),
    );
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(limits.team.inFlight('team-a')).toBe(4);

    const rejected = outboundHttps(`https://hooks.test:${port}/x`, {
      ...options,
      limits,
      teamId: 'team-a',
      whenTeamBusy: 'reject',
    });
    const rejectedMs = elapsed(rejected);
    await expect(rejected).rejects.toEqual(new OutboundBusyError('team'));
    expect(await rejectedMs).toBeLessThan(100);

    const waited = outboundHttps(`https://hooks.test:${port}/x`, {
      ...options,
      limits,
      teamId: 'team-a',
      timeoutMs: 300,
    });
    await expect(waited).rejects.toEqual(new OutboundBusyError('team'));

    await expect(
      outboundHttps(`https://hooks.test:${port}/x`, { ...options, limits, teamId: 'team-b', whenTeamBusy: 'reject' }),
    ).resolves.toMatchObject({ status: 200 });

    for (const outcome of await Promise.all(holders)) expect(outcome).toBeInstanceOf(OutboundTimeoutError);
    expect(limits.team.inFlight('team-a')).toBe(0);
    await expect(
      outboundHttps(`https://hooks.test:${port}/x`, { ...options, limits, teamId: 'team-a', whenTeamBusy: 'reject' }),
    ).resolves.toMatchObject({ status: 200 });
  }, 10_000);
});
