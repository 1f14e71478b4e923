import type { EmailAssigned } from '@teaminbox/contracts';
import { PersonalDataRegistry } from '../../../platform/personal-data';
import { EMAIL_ASSIGNED_PERSONAL_FIELDS } from './email-assigned-personal-fields';

describe('the personal fields of an assignment', () => {
  const registry = new PersonalDataRegistry();
  registry.declare('EmailAssigned', EMAIL_ASSIGNED_PERSONAL_FIELDS);
  const assigned: EmailAssigned = {
    emailId: '0190a000-0000-7000-8000-000000000001',
    teamId: '0190a000-0000-7000-8000-000000000002',
    assignedTo: '0190a000-0000-7000-8000-000000000003',
    assignedToName: 'jana.dvorakova@example.com',
    previousAssignee: null,
  };

  it("seals the assignee's name and address under the assignee within the team", () => {
    expect(registry.groupsOf('EmailAssigned', { ...assigned, assignedToEmail: 'jana.dvorakova@example.com' })).toEqual([
      {
        teamId: assigned.teamId,
        address: 'jana.dvorakova@example.com',
        paths: ['assignedToName', 'assignedToEmail'],
      },
    ]);
  });

  it('names no subject in an assignment stored before the address was recorded', () => {
    expect(registry.groupsOf('EmailAssigned', assigned)).toEqual([]);
  });
});
