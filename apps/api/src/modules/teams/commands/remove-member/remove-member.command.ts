import { Command } from '@nestjs/cqrs';
import type { TeamCaller } from '../../../../platform/auth';
import type { Team } from '@teaminbox/contracts';

/** Removes a member from the caller's team and ends their sessions; answers the updated team. */
export class RemoveMemberCommand extends Command<Team> {
  constructor(
    readonly caller: TeamCaller,
    readonly userId: string,
  ) {
    super();
  }
}
