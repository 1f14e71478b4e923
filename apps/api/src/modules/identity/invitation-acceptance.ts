/**
 * How registration and sign-in accept the invitation their form carries. A port of the identity context: the
 * teams context, which owns invitations, implements it, so neither imports the other's internals.
 */
export abstract class InvitationAcceptance {
  /** Throws when no account with this address may accept the invitation (unknown, gone, or sent to another address). */
  abstract check(token: string, email: string): Promise<void>;
  /** The user joins the inviting team as MEMBER; throws when that is refused. */
  abstract accept(userId: string, token: string): Promise<void>;
}
