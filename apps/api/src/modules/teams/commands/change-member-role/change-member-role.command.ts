import { Command } from '@nestjs/cqrs';
import type { TeamCaller } from '../../../../platform/auth';
import type { Role, Team } from '@teaminbox/contracts';

/** Gives a member of the caller's team another role; answers the updated team. */
export class ChangeMemberRoleCommand extends Command<Team> {
  constructor(
    readonly caller: TeamCaller,
    readonly userId: string,
    readonly role: Role,
  ) {
    super();
  }
}
