import { INLINE_URL_TTL_SECONDS, InlineUrlSigner } from './inline-url-signer';

const id = '0193a0a0-0000-7000-8000-00000000a001';
const other = '0193a0a0-0000-7000-8000-00000000a002';

describe('InlineUrlSigner', () => {
  let now: Date;
  const signer = () => new InlineUrlSigner('k'.repeat(40), () => now);
  beforeEach(() => {
    now = new Date('2026-11-03T10:00:30.000Z');
  });

  it('builds a relative URL that verifies for its attachment only', () => {
    const url = new URL(signer().inlineUrl(id), 'http://app.test');
    expect(url.pathname).toBe(`/api/attachments/${id}/inline`);
    const exp = url.searchParams.get('exp');
    const sig = url.searchParams.get('sig');
    expect(signer().verify(id, exp, sig)).toBe(true);
    expect(signer().verify(other, exp, sig)).toBe(false);
    expect(new InlineUrlSigner('z'.repeat(40), () => now).verify(id, exp, sig)).toBe(false);
  });

  it('expires after about an hour, rounded up to 5 minutes so that URLs repeat', () => {
    const { exp, sig } = signer().sign(id);
    const nowSeconds = now.getTime() / 1000;
    expect(exp - nowSeconds).toBeGreaterThanOrEqual(INLINE_URL_TTL_SECONDS);
    expect(exp - nowSeconds).toBeLessThanOrEqual(INLINE_URL_TTL_SECONDS + 300);
    expect(exp % 300).toBe(0);
    now = new Date(now.getTime() + 60_000);
    expect(signer().sign(id).exp).toBe(exp);
    now = new Date(exp * 1000);
    expect(signer().verify(id, String(exp), sig)).toBe(true);
    now = new Date(exp * 1000 + 1000);
    expect(signer().verify(id, String(exp), sig)).toBe(false);
  });

  it('refuses a moved expiry, a tampered or missing signature and malformed values', () => {
    const { exp, sig } = signer().sign(id);
    expect(signer().verify(id, String(exp + 300), sig)).toBe(false);
    expect(signer().verify(id, String(exp), `${sig.slice(0, -1)}${sig.endsWith('A') ? 'B' : 'A'}`)).toBe(false);
    expect(signer().verify(id, String(exp), undefined)).toBe(false);
    expect(signer().verify(id, undefined, sig)).toBe(false);
    expect(signer().verify(id, `${exp}.5`, sig)).toBe(false);
    expect(signer().verify(id, [String(exp)], sig)).toBe(false);
    expect(signer().verify(id, String(exp), [sig])).toBe(false);
  });

  it('refuses a URL whose expiry lies further ahead than it could have been signed for', () => {
    const later = new InlineUrlSigner('k'.repeat(40), () => new Date(now.getTime() + 3 * 3_600_000)).sign(id);
    expect(signer().verify(id, String(later.exp), later.sig)).toBe(false);
  });
});
