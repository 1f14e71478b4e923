import { Command } from '@nestjs/cqrs';
import type { Team } from '@teaminbox/contracts';

export class CreateTeamCommand extends Command<Team> {
  constructor(
    readonly userId: string,
    readonly name: string,
  ) {
    super();
  }
}
