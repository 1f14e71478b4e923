import { mentionedIn } from './mentions';

const members = [
  { id: 'a', name: 'Ann Lee', email: 'ann@example.com' },
  { id: 'b', name: '', email: 'bob@example.com' },
  { id: 'c', name: 'Čeněk Šťastný', email: 'cenek@example.com' },
];

describe('mentions', () => {
  it('finds members by full name or email after @, case-insensitively', () => {
    expect(mentionedIn('Thanks @ann lee, see also @BOB@example.com', members)).toEqual(['a', 'b']);
    expect(mentionedIn('@Čeněk Šťastný please check', members)).toEqual(['c']);
  });

  it('ignores addresses and text without a mention', () => {
    expect(mentionedIn('write to ann@example.com or bob', members)).toEqual([]);
    expect(mentionedIn('', members)).toEqual([]);
  });
});
