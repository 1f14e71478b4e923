import { clientAddressKey } from './client-address';

describe('clientAddressKey', () => {
  it('keeps an IPv4 address and counts an IPv4-mapped IPv6 address as its IPv4 address', () => {
    expect(clientAddressKey('192.0.2.1')).toBe('192.0.2.1');
    expect(clientAddressKey('::ffff:192.0.2.1')).toBe('192.0.2.1');
    expect(clientAddressKey('::FFFF:c000:0201')).toBe('192.0.2.1');
    expect(clientAddressKey('0:0:0:0:0:ffff:192.0.2.1')).toBe('192.0.2.1');
  });

  it('counts an IPv6 address by its /64 prefix, however it is written', () => {
    const key = clientAddressKey('2001:db8:1:2::1');
    expect(key).toBe('2001:db8:1:2::/64');
    expect(clientAddressKey('2001:0db8:0001:0002:ffff:eeee:dddd:cccc')).toBe(key);
    expect(clientAddressKey('2001:DB8:1:2:a::')).toBe(key);
    expect(clientAddressKey('fe80::1%eth0')).toBe('fe80:0:0:0::/64');
    expect(clientAddressKey('2001:db8:1:3::1')).not.toBe(key);
    expect(clientAddressKey('::1')).toBe('0:0:0:0::/64');
  });

  it('keeps what is no address as it is', () => {
    expect(clientAddressKey('unknown')).toBe('unknown');
  });
});
