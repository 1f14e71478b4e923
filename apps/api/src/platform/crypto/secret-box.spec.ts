import { SecretBox } from './secret-box';

describe('SecretBox', () => {
  const box = new SecretBox('k'.repeat(40));

  it('round-trips a secret and never shows it in the sealed form', () => {
    const sealed = box.seal('hunter2-passw0rd');
    expect(sealed).not.toContain('hunter2');
    expect(sealed.startsWith('v1.')).toBe(true);
    expect(box.open(sealed)).toBe('hunter2-passw0rd');
  });

  it('uses a fresh IV each time', () => {
    expect(box.seal('same')).not.toBe(box.seal('same'));
  });

  it('refuses a tampered value and another key, without echoing the value', () => {
    const sealed = box.seal('secret-value');
    const parts = sealed.split('.');
    const flipped = Buffer.from(parts[3], 'base64url');
    flipped[0] ^= 1;
    const tampered = [parts[0], parts[1], parts[2], flipped.toString('base64url')].join('.');
    expect(() => box.open(tampered)).toThrow('cannot be opened');
    expect(() => new SecretBox('z'.repeat(40)).open(sealed)).toThrow('cannot be opened');
    expect(() => box.open('plain')).toThrow('Not a sealed secret');
  });

  it('refuses a short key', () => {
    expect(() => new SecretBox('short')).toThrow();
  });
});
