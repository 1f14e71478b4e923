import type { Role } from '@teaminbox/contracts';

/** How a session was started: by password or by an emailed login link. */
export type AuthenticationMethod = 'pwd' | 'link';

/** What the JWT guard attaches to the request: the caller's identity from the token. */
export interface AuthenticatedUser {
  id: string;
  /** The session version the token was issued under (0 for tokens from before versions existed). */
  sessionVersion: number;
  method: AuthenticationMethod;
  /** When the token was issued. */
  issuedAt: Date;
  /** The user's team and role there, from the users read model when the token was checked (never from the request). */
  teamId: string | null;
  role: Role | null;
}

export interface AccessTokenPayload {
  sub: string;
  /** Session version, see UserSessions. */
  sv?: number;
  /** Authentication method reference. */
  amr?: AuthenticationMethod;
  iat?: number;
}
