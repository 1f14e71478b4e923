import { cleanPayload, cleanText } from './event-text';

describe('event text cleaning', () => {
  it('removes NUL and unpaired surrogates, keeps pairs and every other character', () => {
    expect(cleanText('a\u0000b')).toBe('ab');
    expect(cleanText('\ud800x\udfff')).toBe('x');
    expect(cleanText('emoji \ud83d\ude00 tab\t bell\u0007 é')).toBe('emoji \ud83d\ude00 tab\t bell\u0007 é');
    expect(cleanText('\udc00\ud800')).toBe('');
  });

  it('cuts long texts without splitting a surrogate pair', () => {
    expect(cleanText('abcdef', 4)).toBe('abcd');
    expect(cleanText('abc\ud83d\ude00', 4)).toBe('abc');
  });

  it('cleans every string of a nested payload and leaves other values', () => {
    expect(cleanPayload({ a: ['x\u0000', 1, null, true], b: { c: '\ud800' } })).toEqual({
      a: ['x', 1, null, true],
      b: { c: '' },
    });
  });
});
