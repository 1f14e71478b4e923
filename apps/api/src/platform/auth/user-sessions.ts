import type { Role } from '@teaminbox/contracts';

/** What a token's user is now: the session version (see AccessTokenService), the team and the role there. */
export interface UserSession {
  version: number;
  teamId: string | null;
  role: Role | null;
}

/**
 * The current session of each user, provided by the identity context (the users read model): one lookup per
 * authenticated call gives both the token check and the caller's team. A password change or a removal from the
 * team raises the version, which ends every older token at once.
 */
export abstract class UserSessions {
  /** The user's current session, or null when the user is unknown (no token is valid then). */
  abstract sessionOf(userId: string): Promise<UserSession | null>;
}
