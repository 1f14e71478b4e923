import {
  isDisallowedMailAddress,
  MAIL_HOST_NOT_ALLOWED_MESSAGE,
  MailHostUnresolvedError,
  resolveMailHost,
  type HostLookup,
} from './mail-host-guard';

describe('mail host guard', () => {
  it.each([
    '127.0.0.1',
    '127.8.9.10',
    '10.1.2.3',
    '172.16.0.1',
    '172.31.255.255',
    '192.168.1.1',
    '169.254.169.254',
    '100.64.0.1',
    '100.100.100.200',
    '0.0.0.0',
    '0.1.2.3',
    '::1',
    '::',
    'fc00::1',
    'fd00:ec2::254',
    'fe80::1',
    '::ffff:127.0.0.1',
    '::ffff:7f00:1',
    '::ffff:10.0.0.1',
    'not-an-ip',
  ])('refuses %s', (address) => {
    expect(isDisallowedMailAddress(address)).toBe(true);
  });

  it.each(['8.8.8.8', '172.32.0.1', '100.128.0.1', '142.250.1.108', '2a00:1450:4001:81b::200e', '::ffff:8.8.8.8'])(
    'accepts %s',
    (address) => {
      expect(isDisallowedMailAddress(address)).toBe(false);
    },
  );

  const lookupTo =
    (...addresses: string[]): HostLookup =>
    async () =>
      addresses.map((address) => ({ address, family: address.includes(':') ? 6 : 4 }));

  it('resolves a public name once and pins the address, keeping the name for TLS', async () => {
    const lookup = jest.fn(lookupTo('142.250.1.108'));
    await expect(resolveMailHost('imap.example.com', { allowPrivate: false, lookup })).resolves.toEqual({
      address: '142.250.1.108',
      servername: 'imap.example.com',
    });
    expect(lookup).toHaveBeenCalledTimes(1);
  });

  it('refuses a name when any of its addresses is private (DNS rebinding, mixed answers)', async () => {
    await expect(
      resolveMailHost('rebind.example.com', { allowPrivate: false, lookup: lookupTo('142.250.1.108', '127.0.0.1') }),
    ).rejects.toThrow(MAIL_HOST_NOT_ALLOWED_MESSAGE);
    await expect(
      resolveMailHost('meta.example.com', { allowPrivate: false, lookup: lookupTo('169.254.169.254') }),
    ).rejects.toThrow(MAIL_HOST_NOT_ALLOWED_MESSAGE);
  });

  it('refuses IP literals in blocked ranges, including bracketed IPv6', async () => {
    await expect(resolveMailHost('127.0.0.1', { allowPrivate: false })).rejects.toThrow(MAIL_HOST_NOT_ALLOWED_MESSAGE);
    await expect(resolveMailHost('[::1]', { allowPrivate: false })).rejects.toThrow(MAIL_HOST_NOT_ALLOWED_MESSAGE);
    await expect(resolveMailHost('  ', { allowPrivate: false })).rejects.toThrow(MAIL_HOST_NOT_ALLOWED_MESSAGE);
  });

  it('allows private addresses when the operator says so', async () => {
    await expect(resolveMailHost('127.0.0.1', { allowPrivate: true })).resolves.toEqual({
      address: '127.0.0.1',
      servername: undefined,
    });
    await expect(
      resolveMailHost('mail.internal', { allowPrivate: true, lookup: lookupTo('10.0.0.5') }),
    ).resolves.toEqual({ address: '10.0.0.5', servername: 'mail.internal' });
  });

  it('refuses a name that does not resolve as a disallowed one, and reports it only while private hosts are allowed', async () => {
    const failing: HostLookup = async () => {
      throw new Error('ENOTFOUND');
    };
    await expect(resolveMailHost('nope.invalid', { allowPrivate: false, lookup: failing })).rejects.toThrow(
      MAIL_HOST_NOT_ALLOWED_MESSAGE,
    );
    await expect(resolveMailHost('nope.invalid', { allowPrivate: false, lookup: async () => [] })).rejects.toThrow(
      MAIL_HOST_NOT_ALLOWED_MESSAGE,
    );
    await expect(resolveMailHost('nope.invalid', { allowPrivate: true, lookup: failing })).rejects.toBeInstanceOf(
      MailHostUnresolvedError,
    );
  });
});
