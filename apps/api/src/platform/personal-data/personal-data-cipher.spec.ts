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

  it('uses a fresh IV each time, also across refills of its pool of random bytes', () => {
    expect(sealTexts(key, ['same']).iv).not.toBe(sealTexts(key, ['same']).iv);
    const ivs = new Set(Array.from({ length: 3000 }, () => sealTexts(key, ['same']).iv));
    expect(ivs.size).toBe(3000);
  });

  it('cuts a long ciphertext into pieces an event can carry, and joins them when opening', () => {
    // Random text: it barely compresses.
    const text = randomBytes(900_000).toString('base64');
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
    expect(() => openTexts(key, { ...block, v: 3 as 1 })).toThrow('Not a sealed block');
  });

  it('compresses the texts of a long block before sealing them (version 2) and leaves a short one as it is', () => {
    const body = 'Please send the parcel to the warehouse. '.repeat(200);
    const long = sealTexts(key, ['Jana', body]);
    expect(long.v).toBe(2);
    expect(long.ct.join('').length).toBeLessThan(body.length / 4);
    expect(openTexts(key, long)).toEqual(['Jana', body]);
    const short = sealTexts(key, ['jana@example.com']);
    expect(short.v).toBe(1);
    expect(openTexts(key, short)).toEqual(['jana@example.com']);
    // A block read as the other version fails loudly.
    expect(() => openTexts(key, { ...long, v: 1 })).toThrow('cannot be opened');
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
    // The texts opened are counted (what a cache of opened payloads weighs them by), not those of an erased key.
    const weight = { chars: 0 };
    openPayload(payload, new Map([['kept', key]]), undefined, weight);
    expect(weight.chars).toBe('Invoice'.length + 'team@example.com'.length);
    // An event stored before encryption reads unchanged.
    const plain = { subject: 'Plain', to: ['a@b.c'] };
    expect(openPayload(plain, new Map())).toBe(plain);
    expect(sealedKeyIds(plain)).toEqual([]);
  });

  it('takes the texts of a block it sealed itself (same IV and tag) while the key exists, and deciphers any other', () => {
    const texts = ['Invoice'];
    const block = sealTexts(key, texts);
    const payload = { subject: { $pd: 'k', i: 0 }, $sealed: { k: block } };
    const keys = new Map([['k', key]]);
    // Known texts differing from the ciphertext show which path was taken.
    const mine = new Map([['k', { iv: block.iv, tag: block.tag, texts: ['as sealed here'] }]]);
    expect(openPayload(payload, keys, mine)).toEqual({ subject: 'as sealed here' });
    const other = sealTexts(key, ['Other']);
    expect(openPayload(payload, keys, new Map([['k', { ...other, texts: ['Other'] }]]))).toEqual({
      subject: 'Invoice',
    });
    expect(openPayload(payload, keys, new Map([['k', { ...mine.get('k')!, tag: other.tag }]]))).toEqual({
      subject: 'Invoice',
    });
    expect(openPayload(payload, new Map(), mine)).toEqual({ subject: ERASED });
  });

  it('returns an opened payload deeply frozen', () => {
    const opened = openPayload(
      { to: [{ $pd: 'k', i: 0 }], nested: { list: [1] }, $sealed: { k: sealTexts(key, ['a@b.c']) } },
      new Map([['k', key]]),
    ) as { to: string[]; nested: { list: number[] } };
    expect(Object.isFrozen(opened) && Object.isFrozen(opened.to) && Object.isFrozen(opened.nested.list)).toBe(true);
    expect(() => opened.nested.list.push(2)).toThrow(TypeError);
  });
});
