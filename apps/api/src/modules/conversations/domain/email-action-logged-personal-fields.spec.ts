import type { EmailActionLogged } from '@teaminbox/contracts';
import { PersonalDataRegistry, replaceAt } from '../../../platform/personal-data';
import { EMAIL_ACTION_LOGGED_PERSONAL_FIELDS } from './email-action-logged-personal-fields';

describe('the personal fields of an entry a client posted to the action log', () => {
  const registry = new PersonalDataRegistry();
  registry.declare('EmailActionLogged', EMAIL_ACTION_LOGGED_PERSONAL_FIELDS);
  const teamId = '0190a000-0000-7000-8000-000000000002';
  const logged: EmailActionLogged = {
    emailId: '0190a000-0000-7000-8000-000000000001',
    teamId,
    actionId: '0190a000-0000-7000-8000-000000000003',
    type: 'ARCHIVED',
    details: {
      note: 'Called Jana Dvořáková back',
      count: 2,
      urgent: true,
      'forwarded.to': ['jana@example.com', { name: 'Jana', address: 'jana@example.com' }],
    },
    correspondent: 'alice@example.com',
  };

  it("seals every string of the details, at any depth, and the correspondent under the email's sender", () => {
    expect(registry.groupsOf('EmailActionLogged', logged)).toEqual([
      {
        teamId,
        address: 'alice@example.com',
        paths: ['details.*.*.*', 'details.*.*', 'details.*', 'correspondent'],
      },
    ]);
  });

  it('reaches each string once, in the order the store seals them: nothing in clear, no reference sealed again', () => {
    const [group] = registry.groupsOf('EmailActionLogged', logged);
    const sealed: string[] = [];
    let data: unknown = logged;
    for (const path of group.paths)
      data = replaceAt(data, path.split('.'), (text) => {
        sealed.push(text);
        return { $pd: 'key', i: sealed.length - 1 };
      });
    expect(sealed.sort()).toEqual(
      ['Called Jana Dvořáková back', 'jana@example.com', 'Jana', 'jana@example.com', 'alice@example.com'].sort(),
    );
    expect(JSON.stringify(data)).not.toMatch(/Jana|jana@|alice@|Called/);
    expect(data).toMatchObject({ type: 'ARCHIVED', details: { count: 2, urgent: true } });
  });

  it('names no subject in an entry recorded without a correspondent, nor for an erased sender', () => {
    expect(registry.groupsOf('EmailActionLogged', { ...logged, correspondent: undefined })).toEqual([]);
    expect(registry.groupsOf('EmailActionLogged', { ...logged, correspondent: '[erased]' })).toEqual([]);
  });

  it('seals only the correspondent when the details hold no text', () => {
    expect(registry.groupsOf('EmailActionLogged', { ...logged, details: { count: 1 } })).toEqual([
      { teamId, address: 'alice@example.com', paths: ['correspondent'] },
    ]);
  });
});
