import { Command } from '@nestjs/cqrs';
import type { TeamCaller } from '../../../../platform/auth';
import type { Team } from '@teaminbox/contracts';

/** Invites an address into the caller's team and emails the link; answers the updated team. */
export class SendInvitationCommand extends Command<Team> {
  constructor(
    readonly caller: TeamCaller,
    readonly email: string,
  ) {
    super();
  }
}
