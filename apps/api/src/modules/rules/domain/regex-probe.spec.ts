import { adversarialTexts } from './regex-probe';
import { REGEX_SCAN_MAX_LENGTH } from './rule-matcher';

describe('texts made to be hard for a pattern', () => {
  it("draws from the pattern's literals and from each of its bracket classes, as long as a regex scan", () => {
    const texts = adversarialTexts('a[ab]{1000}x|[0-3]y');
    expect(texts).toHaveLength(3);
    expect(texts.every((text) => text.length === REGEX_SCAN_MAX_LENGTH)).toBe(true);
    expect(new Set(texts[0])).toEqual(new Set('axy'));
    expect(new Set(texts[1])).toEqual(new Set('ab'));
    expect(new Set(texts[2])).toEqual(new Set('0123'));
  });

  it('is the same for the same pattern, and random enough not to repeat in short periods', () => {
    const [text] = adversarialTexts('[ab]', 4096);
    expect(adversarialTexts('[ab]', 4096)[0]).toBe(text);
    for (const period of [2, 4, 8, 64, 256, 512, 1024])
      expect(text.slice(0, period)).not.toBe(text.slice(period, 2 * period));
  });

  it('falls back to a/b text for a pattern of no literal character', () => {
    expect(new Set(adversarialTexts('.*', 100)[0])).toEqual(new Set('ab'));
  });
});
