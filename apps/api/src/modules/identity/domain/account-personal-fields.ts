import type { UserRegistered } from '@teaminbox/contracts';
import { ACCOUNT_SCOPE, type PersonalFieldsDeclaration } from '../../../platform/personal-data';

/**
 * The personal data of an account: the address it registered with belongs to the person in the account scope (no
 * team: an account is not a team's record, and a team's ADMIN erases it only when the account belongs to no other
 * team, see docs/audit.md). The user id and the proof flag are not personal.
 */
export const USER_REGISTERED_PERSONAL_FIELDS: PersonalFieldsDeclaration<UserRegistered> = (user) => [
  { teamId: ACCOUNT_SCOPE, address: user.email, paths: ['email'] },
];
