/**
 * The current session version of each user (users.session_version), provided by the identity context.
 * An access token carries the version it was issued under (claim `sv`); a password change or a removal
 * from the team raises the version, which ends every older token at once.
 */
export abstract class SessionVersions {
  /** The user's current version, or null when the user is unknown (no token is valid then). */
  abstract currentVersion(userId: string): Promise<number | null>;
}
