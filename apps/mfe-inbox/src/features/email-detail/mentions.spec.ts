import type { TeamMember } from '@teaminbox/contracts';
import { insertMention, mentionAt, mentionSuggestions } from './mentions';

const member = (name: string, email: string): TeamMember => ({ id: email, name, email, role: 'MEMBER' });
const team = [
  member('Alice Nováková', 'alice@example.com'),
  member('Bob Stone', 'bob@example.com'),
  member('Ann Lee', 'lee@example.com'),
  member('', 'anna@example.com'),
  ...[1, 2, 3, 4, 5].map((n) => member(`Agent ${n}`, `agent${n}@example.com`)),
];

describe('mentionAt', () => {
  it('finds the text after an @ at the cursor, spaces and dots included', () => {
    expect(mentionAt('Hi @Ali', 7)).toEqual({ start: 3, query: 'Ali' });
    expect(mentionAt('@bob.st', 7)).toEqual({ start: 0, query: 'bob.st' });
    expect(mentionAt('ping @Alice Nov', 15)).toEqual({ start: 5, query: 'Alice Nov' });
    expect(mentionAt('@', 1)).toEqual({ start: 0, query: '' });
  });

  it('ignores an @ inside an address or words the cursor is not in', () => {
    expect(mentionAt('mail me@example', 15)).toBeNull();
    expect(mentionAt('Hi @Ali, thanks', 15)).toBeNull();
    expect(mentionAt('no mention', 10)).toBeNull();
  });
});

describe('mentionSuggestions', () => {
  it('matches a name that contains the query or an email that starts with it, case-insensitively', () => {
    expect(mentionSuggestions(team, 'nov').map((m) => m.email)).toEqual(['alice@example.com']);
    expect(mentionSuggestions(team, 'LEE').map((m) => m.email)).toEqual(['lee@example.com']);
    expect(mentionSuggestions(team, 'ann').map((m) => m.email)).toEqual(['lee@example.com', 'anna@example.com']);
    expect(mentionSuggestions(team, 'example').map((m) => m.email)).toEqual([]);
  });

  it('offers at most six', () => {
    expect(mentionSuggestions(team, '')).toHaveLength(6);
    expect(mentionSuggestions(team, 'a')).toHaveLength(6);
  });
});

describe('insertMention', () => {
  it('replaces the typed mention with the full name and puts the cursor after it', () => {
    expect(insertMention('Hi @Ali and more', 3, 7, team[0])).toEqual({
      text: 'Hi @Alice Nováková  and more',
      cursor: 19,
    });
    expect(insertMention('@an', 0, 3, team[3])).toEqual({ text: '@anna@example.com ', cursor: 18 });
  });
});
