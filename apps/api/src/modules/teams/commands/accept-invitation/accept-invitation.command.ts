import { Command } from '@nestjs/cqrs';

/**
 * The user joins the inviting team as MEMBER, through the token of the emailed invitation link.
 * Sent by sign-in and registration when their form carries an invitationId.
 */
export class AcceptInvitationCommand extends Command<void> {
  constructor(
    readonly userId: string,
    readonly token: string,
  ) {
    super();
  }
}
