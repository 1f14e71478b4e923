import { Command } from '@nestjs/cqrs';
import type { Role, Team } from '@teaminbox/contracts';

/** Gives a member of the caller's team another role; answers the updated team. */
export class ChangeMemberRoleCommand extends Command<Team> {
  constructor(
    readonly actorId: string,
    readonly userId: string,
    readonly role: Role,
  ) {
    super();
  }
}
