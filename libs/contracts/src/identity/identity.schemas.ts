import { z } from 'zod';
import {
  EMAIL_MAX_LENGTH,
  isValidEmail,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
  ROLES,
  TEAM_NAME_MAX_LENGTH,
  type Role,
} from './identity.constants';

export * from './identity.constants';

export const ZRole = z.enum(ROLES);

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
  /**
   * The address was proven (a login link sent to it was used, or an invitation sent to it accepted): only then are
   * invitations sent and notifications emailed for this user. Always sent by the server.
   */
  emailProven?: boolean;
}

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
