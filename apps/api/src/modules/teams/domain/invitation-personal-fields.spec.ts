import type { InvitationSent } from '@teaminbox/contracts';
import { PersonalDataRegistry } from '../../../platform/personal-data';
import { INVITATION_SENT_PERSONAL_FIELDS } from './invitation-personal-fields';

describe('the personal fields of an invitation', () => {
  const invitation: InvitationSent = {
    teamId: '0190a000-0000-7000-8000-000000000001',
    invitationId: '0190a000-0000-7000-8000-000000000002',
    email: 'jana.dvorakova@example.com',
    tokenHash: 'f'.repeat(64),
    expiresAt: '2026-12-01T00:00:00.000Z',
    invitedBy: '0190a000-0000-7000-8000-000000000003',
    role: 'AUDITOR',
  };

  it("seals the invitee's address under the invitee within the inviting team; the rest stays in clear", () => {
    const registry = new PersonalDataRegistry();
    registry.declare('InvitationSent', INVITATION_SENT_PERSONAL_FIELDS);
    expect(registry.groupsOf('InvitationSent', invitation)).toEqual([
      { teamId: invitation.teamId, address: 'jana.dvorakova@example.com', paths: ['email'] },
    ]);
  });
});
