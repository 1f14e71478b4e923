import { createSocket, type Socket } from 'node:dgram';
import type { AddressInfo } from 'node:net';
import { createHostLookup, HostUnresolvedError } from './host-resolver';
import { MAIL_HOST_NOT_ALLOWED_MESSAGE, MailHostUnresolvedError, resolveMailHost } from './mail-host-guard';
import { assertOutboundUrlAllowed, OutboundUrlNotAllowedError } from './outbound-https';

/**
 * A tiny DNS server on 127.0.0.1 (UDP): A records from `records`, SERVFAIL for `servfail.test`, NXDOMAIN for any
 * other name; names under `silent.test` get no answer at all.
 */
async function dnsServer(
  records: Record<string, string[]>,
): Promise<{ server: string; asked: string[]; socket: Socket }> {
  const socket = createSocket('udp4');
  const asked: string[] = [];
  socket.on('message', (query, peer) => {
    const labels: string[] = [];
    let at = 12;
    while (query[at] !== 0) {
      labels.push(query.subarray(at + 1, at + 1 + query[at]).toString('ascii'));
      at += query[at] + 1;
    }
    const questionEnd = at + 5;
    const name = labels.join('.').toLowerCase();
    const type = query.readUInt16BE(at + 1);
    asked.push(`${name} ${type === 1 ? 'A' : type === 28 ? 'AAAA' : type}`);
    if (name.endsWith('silent.test')) return;
    const known = records[name];
    const rcode = name === 'servfail.test' ? 2 : known ? 0 : 3;
    const answers = type === 1 && known ? known : [];
    const header = Buffer.alloc(12);
    query.copy(header, 0, 0, 2);
    header.writeUInt16BE(0x8180 | rcode, 2);
    header.writeUInt16BE(1, 4);
    header.writeUInt16BE(answers.length, 6);
    const records_ = answers.map((address) => {
      const record = Buffer.alloc(16);
      record.writeUInt16BE(0xc00c, 0);
      record.writeUInt16BE(1, 2);
      record.writeUInt16BE(1, 4);
      record.writeUInt32BE(60, 6);
      record.writeUInt16BE(4, 10);
      address.split('.').forEach((part, i) => record.writeUInt8(Number(part), 12 + i));
      return record;
    });
    socket.send(Buffer.concat([header, query.subarray(12, questionEnd), ...records_]), peer.port, peer.address);
  });
  await new Promise<void>((resolve) => socket.bind(0, '127.0.0.1', resolve));
  return { server: `127.0.0.1:${(socket.address() as AddressInfo).port}`, asked, socket };
}

describe('host resolver (c-ares, with a deadline)', () => {
  let dns: Awaited<ReturnType<typeof dnsServer>>;

  beforeAll(async () => {
    dns = await dnsServer({
      'public.test': ['93.184.216.34'],
      'private.test': ['10.0.0.5'],
      'mixed.test': ['93.184.216.34', '127.0.0.1'],
    });
  });
  afterAll(() => dns.socket.close());
  beforeEach(() => (dns.asked.length = 0));

  it('asks the configured server for A and AAAA and answers the addresses', async () => {
    const lookup = createHostLookup({ servers: [dns.server] });
    await expect(lookup('Public.Test')).resolves.toEqual([{ address: '93.184.216.34', family: 4 }]);
    expect(dns.asked.sort()).toEqual(['public.test A', 'public.test AAAA']);
  });

  it('ends a lookup the server never answers at its deadline', async () => {
    const lookup = createHostLookup({ servers: [dns.server], deadlineMs: 700 });
    const started = performance.now();
    await expect(lookup('hooks.silent.test')).rejects.toEqual(new HostUnresolvedError('hooks.silent.test', 'ETIMEOUT'));
    const ms = performance.now() - started;
    expect(ms).toBeGreaterThanOrEqual(650);
    expect(ms).toBeLessThan(1_500);
  });

  it('reports no such name and a server failure', async () => {
    const lookup = createHostLookup({ servers: [dns.server] });
    await expect(lookup('nothing.test')).rejects.toMatchObject({ code: 'ENOTFOUND' });
    await expect(lookup('servfail.test')).rejects.toBeInstanceOf(HostUnresolvedError);
  });

  it('keeps localhost the loopback without asking DNS', async () => {
    const lookup = createHostLookup({ servers: [dns.server] });
    await expect(lookup('localhost')).resolves.toEqual([
      { address: '127.0.0.1', family: 4 },
      { address: '::1', family: 6 },
    ]);
    expect(dns.asked).toEqual([]);
  });

  it('refuses a name that does not resolve, fails or times out exactly as a private one while the guard is on', async () => {
    const guard = { allowPrivate: false, dnsServers: [dns.server] };
    await expect(resolveMailHost('public.test', guard)).resolves.toEqual({
      address: '93.184.216.34',
      servername: 'public.test',
    });
    for (const host of ['private.test', 'mixed.test', 'nothing.test', 'servfail.test', 'localhost']) {
      await expect(resolveMailHost(host, guard)).rejects.toThrow(MAIL_HOST_NOT_ALLOWED_MESSAGE);
    }
    const slow = { allowPrivate: false, lookup: createHostLookup({ servers: [dns.server], deadlineMs: 300 }) };
    await expect(resolveMailHost('imap.silent.test', slow)).rejects.toThrow(MAIL_HOST_NOT_ALLOWED_MESSAGE);
    for (const url of ['https://private.test/x', 'https://nothing.test/x', 'https://servfail.test/x']) {
      await expect(assertOutboundUrlAllowed(url, guard)).rejects.toEqual(new OutboundUrlNotAllowedError());
    }
    await expect(assertOutboundUrlAllowed('https://public.test/x', guard)).resolves.toBeUndefined();
  });

  it('says a name was not found only while private hosts are allowed', async () => {
    const open = { allowPrivate: true, dnsServers: [dns.server] };
    await expect(resolveMailHost('nothing.test', open)).rejects.toBeInstanceOf(MailHostUnresolvedError);
    await expect(resolveMailHost('private.test', open)).resolves.toEqual({
      address: '10.0.0.5',
      servername: 'private.test',
    });
  });
});
