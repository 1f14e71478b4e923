import { Command } from '@nestjs/cqrs';
import type { Team } from '@teaminbox/contracts';
import type { Caller } from '../../../../platform/auth';

/** Creates a team with the caller as its ADMIN; a caller who already has a team is refused (409). */
export class CreateTeamCommand extends Command<Team> {
  constructor(
    readonly caller: Caller,
    readonly name: string,
  ) {
    super();
  }
}
