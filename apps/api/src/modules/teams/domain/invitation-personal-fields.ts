import type { InvitationSent } from '@teaminbox/contracts';
import type { PersonalFieldsDeclaration } from '../../../platform/personal-data';

/**
 * The personal data of an invitation: the invitee's address belongs to the invitee within the inviting team. The
 * inviter is named by id (`invitedBy`), the role, token hash and expiry are not personal.
 */
export const INVITATION_SENT_PERSONAL_FIELDS: PersonalFieldsDeclaration<InvitationSent> = (invitation) => [
  { teamId: invitation.teamId, address: invitation.email, paths: ['email'] },
];
