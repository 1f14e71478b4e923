import { z } from 'zod';

export const ROLES = ['ADMIN', 'MAINTAINER', 'MEMBER', 'AUDITOR'] as const;
export const ZRole = z.enum(ROLES);
export type Role = z.infer<typeof ZRole>;

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

export const ZEmailAddress = z
  .string()
  .trim()
  .min(1, 'Email is required')
  .refine(isValidEmail, 'Enter a valid email address');

export const ZRegisterRequest = z.object({
  email: ZEmailAddress,
  password: z
    .string()
    .min(PASSWORD_MIN_LENGTH, `Password must be at least ${PASSWORD_MIN_LENGTH} characters`)
    .max(PASSWORD_MAX_LENGTH, `Password must be at most ${PASSWORD_MAX_LENGTH} characters`),
  invitationId: z.string().max(200).optional().nullable(),
});
export type TRegisterRequest = z.infer<typeof ZRegisterRequest>;

export const ZSignInRequest = z.object({
  email: z.string().trim().min(1).max(EMAIL_MAX_LENGTH),
  password: z.string().min(1).max(1024),
  invitationId: z.string().max(200).optional().nullable(),
});
export type TSignInRequest = z.infer<typeof ZSignInRequest>;

/** {success, message}: on a successful sign-in, message is the access token. */
export interface SuccessMessageResponse {
  success: boolean;
  message: string;
}
export type SignInResponse = SuccessMessageResponse;
export type RegisterResponse = SuccessMessageResponse;

export interface CurrentUser {
  id: string;
  email: string;
  firstName: string | null;
  lastName: string | null;
  role: Role | null;
  teamId: string | null;
}

export const TEAM_NAME_MAX_LENGTH = 120;
export const ZTeamName = z.string().trim().min(1, 'Team name is required').max(TEAM_NAME_MAX_LENGTH);

export interface TeamMember {
  id: string;
  name: string;
  email: string;
  role: Role;
}

export interface TeamInvitation {
  id: string;
  email: string;
  /** The role the invitee gets on joining (MEMBER when the invitation named none). */
  role?: Role;
}

export interface Team {
  id: string;
  name: string;
  members: TeamMember[];
  invitations: TeamInvitation[];
}

// ---- login links, invitations, roles and passwords (issue 3)

/** The answers and errors of the identity calls, shared so server and screens use the same words. */
export const IDENTITY_MESSAGES = {
  loginLinkSent: 'If an account exists for this address, we have sent a login link to it.',
  loginLinkExpired: 'Login link might be expired.',
  loginLinkNotReady: 'Your account is still being set up. Please try again in a moment.',
  invitationExpired: 'Invitation has expired',
  tooManyAttempts: 'Too many attempts. Please wait a minute and try again.',
  alreadyInTeam: 'You already belong to a team.',
} as const;

/** Lifetimes of the emailed tokens. */
export const LOGIN_LINK_TTL_MINUTES = 15;
export const INVITATION_TTL_DAYS = 7;

export const ZSendLoginLinkRequest = z.object({ email: ZEmailAddress });
export type TSendLoginLinkRequest = z.infer<typeof ZSendLoginLinkRequest>;

/** GET /auth/loginLinkSignin/{token}: the access token and the user's id. */
export interface LoginLinkResponse {
  token: string;
  id: string;
  /** The link proved the address for the first time: the password set at registration no longer works. */
  passwordCleared?: boolean;
}

/** GET /invitation/{id}: message holds the invited email; flag 1 when an account with it exists, else 0. */
export interface InvitationResponse {
  success: boolean;
  message: string;
  flag: 0 | 1;
}

/** PUT /invitation: {email, role?}; the invitee joins with the role (MEMBER when left out). */
export const ZInviteRequest = z.object({
  email: ZEmailAddress,
  role: z.enum(ROLES, { message: `Role must be one of ${ROLES.join(', ')}` }).default('MEMBER'),
});
export type TInviteRequest = z.infer<typeof ZInviteRequest>;

/** PUT /team/member/{id}/role: a text/plain role or JSON {role}. */
export const ZChangeRoleRequest = z.object({
  role: z.enum(ROLES, { message: `Role must be one of ${ROLES.join(', ')}` }),
});
export type TChangeRoleRequest = z.infer<typeof ZChangeRoleRequest>;

/** PUT /me/password: currentPassword may be left out right after signing in by a login link. */
export const ZChangePasswordRequest = z.object({
  currentPassword: z.string().max(1024).optional().nullable(),
  newPassword: z
    .string({ message: `Password must be at least ${PASSWORD_MIN_LENGTH} characters` })
    .min(PASSWORD_MIN_LENGTH, `Password must be at least ${PASSWORD_MIN_LENGTH} characters`)
    .max(PASSWORD_MAX_LENGTH, `Password must be at most ${PASSWORD_MAX_LENGTH} characters`),
});
export type TChangePasswordRequest = z.infer<typeof ZChangePasswordRequest>;
