import type { TeamMember } from '@teaminbox/contracts';
import { mentionSuggestions } from './mentions';

const member = (name: string, email: string): TeamMember => ({ id: email, name, email, role: 'MEMBER' });
const team = [
  member('Alice Nováková', 'alice@example.com'),
  member('Bob Stone', 'bob@example.com'),
  member('Ann Lee', 'lee@example.com'),
  member('', 'anna@example.com'),
  ...[1, 2, 3, 4, 5].map((n) => member(`Agent ${n}`, `agent${n}@example.com`)),
];

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
