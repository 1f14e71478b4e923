import { Command } from '@nestjs/cqrs';

/** Gives the user's team seat back (after a removal from the team, or a join that failed). */
export class ReleaseTeamSeatCommand extends Command<void> {
  constructor(
    readonly userId: string,
    readonly teamId: string,
  ) {
    super();
  }
}
