import { Command } from '@nestjs/cqrs';

/**
 * Records on the user's stream that an invitation sent to the user's address was accepted: the address is proven
 * (`UserEmailProven`); the password stays (whoever accepted held both the invitation and the password).
 */
export class ProveEmailByInvitationCommand extends Command<void> {
  constructor(
    readonly userId: string,
    readonly teamId: string,
  ) {
    super();
  }
}
