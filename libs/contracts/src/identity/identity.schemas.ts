import { z } from 'zod';

export const ROLES = ['ADMIN', 'MAINTAINER', 'MEMBER'] as const;
export const ZRole = z.enum(ROLES);
export type Role = z.infer<typeof ZRole>;

export const PASSWORD_MIN_LENGTH = 6;
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
    .max(1024),
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
}

export interface Team {
  id: string;
  name: string;
  members: TeamMember[];
  invitations: TeamInvitation[];
}
