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
}

export interface AccessTokenPayload {
  sub: string;
  /** Session version, see SessionVersions. */
  sv?: number;
  /** Authentication method reference. */
  amr?: AuthenticationMethod;
  iat?: number;
}
