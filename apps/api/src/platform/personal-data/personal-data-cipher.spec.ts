import { randomBytes } from 'node:crypto';
import { isSealedField, keyIdOf, openField, openPayload, sealField, sealedKeyIds } from './personal-data-cipher';
import { ERASED } from './personal-fields';

describe('personal data cipher (AES-256-GCM per field)', () => {
  const key = randomBytes(32);

  it('round-trips a field and never shows it in the sealed form', () => {
    const sealed = sealField(key, 'key-1', 'Martina Nováková <martina@example.com> 🙂');
    expect(isSealedField(sealed)).toBe(true);
    expect(keyIdOf(sealed)).toBe('key-1');
    expect(JSON.stringify(sealed)).not.toContain('martina');
    expect(openField(key, sealed)).toBe('Martina Nováková <martina@example.com> 🙂');
  });

  it('uses a fresh IV each time', () => {
    expect(sealField(key, 'key-1', 'same').$pd).not.toBe(sealField(key, 'key-1', 'same').$pd);
  });

  it('cuts a long ciphertext into pieces an event can carry, and joins them when opening', () => {
    const text = 'ř'.repeat(600_000);
    const sealed = sealField(key, 'key-1', text);
    expect(sealed.ct.length).toBeGreaterThan(1);
    for (const piece of sealed.ct) expect(piece.length).toBeLessThanOrEqual(1_000_000);
    expect(openField(key, sealed)).toBe(text);
    expect(openField(key, sealField(key, 'key-1', ''))).toBe('');
  });

  it('refuses a tampered field and another key without echoing the value', () => {
    const sealed = sealField(key, 'key-1', 'secret body');
    const flipped = Buffer.from(sealed.ct[0], 'base64url');
    flipped[0] ^= 1;
    expect(() => openField(key, { ...sealed, ct: [flipped.toString('base64url')] })).toThrow('cannot be opened');
    expect(() => openField(randomBytes(32), sealed)).toThrow('cannot be opened');
    expect(() => openField(key, { $pd: 'v9.key-1.a.b', ct: [] })).toThrow('Not a sealed personal field');
  });

  it('opens a payload: fields with their key, fields of an erased key as "[erased]", plain values as they are', () => {
    const erasedKey = randomBytes(32);
    const payload = {
      subject: sealField(key, 'kept', 'Invoice'),
      from: sealField(erasedKey, 'gone', 'someone@example.com'),
      to: ['plain@example.com', sealField(key, 'kept', 'team@example.com')],
      headers: [{ name: 'date', value: sealField(erasedKey, 'gone', 'Mon, 1 Jan 2026') }],
      size: 12,
      none: null,
    };
    expect([...sealedKeyIds(payload)].sort()).toEqual(['gone', 'kept']);
    expect(openPayload(payload, new Map([['kept', key]]))).toEqual({
      subject: 'Invoice',
      from: ERASED,
      to: ['plain@example.com', 'team@example.com'],
      headers: [{ name: 'date', value: ERASED }],
      size: 12,
      none: null,
    });
    // An event stored before encryption reads unchanged.
    expect(openPayload({ subject: 'Plain', to: ['a@b.c'] }, new Map())).toEqual({ subject: 'Plain', to: ['a@b.c'] });
  });
});
