import { ADDRESS_MASK, withoutAddresses } from './without-addresses';

describe('withoutAddresses', () => {
  it("masks every address an SMTP server's answer quotes and keeps the rest", () => {
    expect(withoutAddresses('550 5.1.1 <Bob.Smith@Example.com>: Recipient address rejected; cc ann@x.org')).toBe(
      `550 5.1.1 <${ADDRESS_MASK}>: Recipient address rejected; cc ${ADDRESS_MASK}`,
    );
  });

  it('leaves a text without an address as it is', () => {
    expect(withoutAddresses('ECONNREFUSED 127.0.0.1:25')).toBe('ECONNREFUSED 127.0.0.1:25');
  });
});
