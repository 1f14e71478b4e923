import { member } from '../../../../test/notifications/recipients';
import { withMutes } from './recipient-directory';

describe('the members told about one email', () => {
  const members = new Map([member('a'), member('b'), member('c')].map((m) => [m.userId, m]));

  it('are the team as read when nobody muted anything', () => {
    expect(withMutes(members, new Set(), 'email-1')).toBe(members);
    expect(withMutes(members, new Set(['b email-2']), 'email-1')).toBe(members);
  });

  it('have mutedEmail set for those who muted the email, the team as read left unchanged', () => {
    const told = withMutes(members, new Set(['b email-1', 'c email-2']), 'email-1');

    expect([...told.values()].map((m) => [m.userId, m.mutedEmail])).toEqual([
      ['a', false],
      ['b', true],
      ['c', false],
    ]);
    expect(told.get('a')).toBe(members.get('a'));
    expect(members.get('b')?.mutedEmail).toBe(false);
  });
});
