/**
 * The identity context's plain values (roles, limits, messages), kept apart from the schemas (and from zod) so
 * that the web's first load can use them without the schema library.
 */

export const ROLES = ['ADMIN', 'MAINTAINER', 'MEMBER', 'AUDITOR'] as const;
export type Role = (typeof ROLES)[number];

/**
 * Roles that read everything their team may read and change nothing: every write call answers 403
 * READ_ONLY_ROLE_MESSAGE (one guard in the platform), they are never assigned an email and never notified.
 */
export const READ_ONLY_ROLES: readonly Role[] = ['AUDITOR'];
export const READ_ONLY_ROLE_MESSAGE = 'Auditors cannot change anything: this role can only read.';
/** Whether the role only reads (an auditor). */
export const isReadOnlyRole = (role: Role | null | undefined): boolean =>
  role !== null && role !== undefined && READ_ONLY_ROLES.includes(role);
/** Whether a user with this role may change anything: false for an auditor (a user without a team may create one). */
export const canWriteWithRole = (role: Role | null | undefined): boolean => !isReadOnlyRole(role);
/** Whether emails may be assigned to (and notifications sent to) a team member with this role. */
export const isAssignableRole = (role: Role | null | undefined): boolean => !isReadOnlyRole(role);
export const AUDITOR_NOT_ASSIGNABLE_MESSAGE = 'An auditor cannot be assigned emails.';

export const PASSWORD_MIN_LENGTH = 6;
export const PASSWORD_MAX_LENGTH = 1024;
export const EMAIL_MAX_LENGTH = 254;
export const EMAIL_LOCAL_PART_MAX_LENGTH = 64;

/** The spec's email rule: a plausible address of at most 254 characters with a local part of at most 64. */
export function isValidEmail(value: string): boolean {
  if (value.length > EMAIL_MAX_LENGTH) return false;
  const at = value.lastIndexOf('@');
  if (at < 1 || at > EMAIL_LOCAL_PART_MAX_LENGTH) return false;
  return /^[A-Za-z0-9!#$%&'*+/=?^_`{|}~.-]+@[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)+$/.test(
    value,
  );
}

export const TEAM_NAME_MAX_LENGTH = 120;

/** The answers and errors of the identity calls, shared so server and screens use the same words. */
export const IDENTITY_MESSAGES = {
  loginLinkSent: 'If an account exists for this address, we have sent a login link to it.',
  loginLinkExpired: 'Login link might be expired.',
  loginLinkNotReady: 'Your account is still being set up. Please try again in a moment.',
  invitationExpired: 'Invitation has expired',
  tooManyAttempts: 'Too many attempts. Please wait a minute and try again.',
  alreadyInTeam: 'You already belong to a team.',
  emailNotProven: 'Confirm your email address before sending invitations: sign in once with a login link sent to it.',
} as const;

/** Lifetimes of the emailed tokens. */
export const LOGIN_LINK_TTL_MINUTES = 15;
export const INVITATION_TTL_DAYS = 7;
