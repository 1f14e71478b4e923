import { randomBytes } from 'node:crypto';
import { openPayload, openTexts, sealedKeyIds, sealTexts } from './personal-data-cipher';
import { ERASED } from './personal-fields';

describe('personal data cipher (AES-256-GCM, one block per subject and event)', () => {
  const key = randomBytes(32);

  it('round-trips a subject’s texts and never shows them in the sealed block', () => {
    const texts = ['Martina Nováková', 'martina@example.com', 'Body 🙂', ''];
    const block = sealTexts(key, texts);
    expect(JSON.stringify(block)).not.toMatch(/martina|Body/i);
    expect(openTexts(key, block)).toEqual(texts);
  });

  it('uses a fresh IV each time', () => {
    expect(sealTexts(key, ['same']).iv).not.toBe(sealTexts(key, ['same']).iv);
  });

  it('cuts a long ciphertext into pieces an event can carry, and joins them when opening', () => {
    const text = 'ř'.repeat(600_000);
    const block = sealTexts(key, [text, 'short']);
    expect(block.ct.length).toBeGreaterThan(1);
    for (const piece of block.ct) expect(piece.length).toBeLessThanOrEqual(1_000_000);
    expect(openTexts(key, block)).toEqual([text, 'short']);
  });

  it('refuses a tampered block and another key without echoing the values', () => {
    const block = sealTexts(key, ['secret body']);
    const flipped = Buffer.from(block.ct[0], 'base64url');
    flipped[0] ^= 1;
    expect(() => openTexts(key, { ...block, ct: [flipped.toString('base64url')] }, 'k1')).toThrow(
      'sealed with key k1 cannot be opened',
    );
    expect(() => openTexts(randomBytes(32), block)).toThrow('cannot be opened');
    expect(() => openTexts(key, { ...block, v: 2 as 1 })).toThrow('Not a sealed block');
  });

  it('opens a payload: fields with their key, fields of an erased key as "[erased]", plain values as they are', () => {
    const erasedKey = randomBytes(32);
    const payload = {
      subject: { $pd: 'kept', i: 0 },
      from: { $pd: 'gone', i: 0 },
      to: ['plain@example.com', { $pd: 'kept', i: 1 }],
      headers: [{ name: 'date', value: { $pd: 'gone', i: 1 } }],
      size: 12,
      none: null,
      $sealed: {
        kept: sealTexts(key, ['Invoice', 'team@example.com']),
        gone: sealTexts(erasedKey, ['someone@example.com', 'Mon, 1 Jan 2026']),
      },
    };
    expect(sealedKeyIds(payload).sort()).toEqual(['gone', 'kept']);
    expect(openPayload(payload, new Map([['kept', key]]))).toEqual({
      subject: 'Invoice',
      from: ERASED,
      to: ['plain@example.com', 'team@example.com'],
      headers: [{ name: 'date', value: ERASED }],
      size: 12,
      none: null,
    });
    // An event stored before encryption reads unchanged.
    const plain = { subject: 'Plain', to: ['a@b.c'] };
    expect(openPayload(plain, new Map())).toBe(plain);
    expect(sealedKeyIds(plain)).toEqual([]);
  });
});
