/** What the JWT guard attaches to the request: the caller's identity from the token. */
export interface AuthenticatedUser {
  id: string;
}

export interface AccessTokenPayload {
  sub: string;
}
