import { Command } from '@nestjs/cqrs';

/**
 * Takes the user's one team seat for teamId on the user's stream (what guards "one team per user" across
 * concurrent joins); answers true when this call took it, false when the user already held it.
 */
export class ClaimTeamSeatCommand extends Command<boolean> {
  constructor(
    readonly userId: string,
    readonly teamId: string,
  ) {
    super();
  }
}
