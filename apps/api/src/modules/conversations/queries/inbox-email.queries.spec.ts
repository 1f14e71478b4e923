import { toPrefixQuery } from './inbox-email.queries';

describe('toPrefixQuery', () => {
  it('makes every word a prefix that must match, lowercased, diacritics kept', () => {
    expect(toPrefixQuery('Invoice 4711')).toBe('invoice:* & 4711:*');
    expect(toPrefixQuery('  Příloha  faktury ')).toBe('příloha:* & faktury:*');
  });

  it('lets no tsquery syntax through and answers null when nothing is searchable', () => {
    expect(toPrefixQuery("a' | b:* & !c (d)")).toBe('a:* & b:* & c:* & d:*');
    expect(toPrefixQuery('%')).toBeNull();
    expect(toPrefixQuery('  ')).toBeNull();
  });
});
