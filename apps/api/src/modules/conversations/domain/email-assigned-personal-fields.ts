import type { EmailAssigned } from '@teaminbox/contracts';
import { ERASED, type PersonalFieldsDeclaration } from '../../../platform/personal-data';

/**
 * The personal data of an assignment: the assignee's name (and address) as the event keeps them for the action log
 * belong to the assignee, a member of the team. Events stored before the address was recorded name no subject and
 * stay as they are, as does an already erased member's. The ids are not personal.
 */
export const EMAIL_ASSIGNED_PERSONAL_FIELDS: PersonalFieldsDeclaration<EmailAssigned> = (assigned) =>
  assigned.assignedToEmail && assigned.assignedToEmail !== ERASED
    ? [{ teamId: assigned.teamId, address: assigned.assignedToEmail, paths: ['assignedToName', 'assignedToEmail'] }]
    : [];
