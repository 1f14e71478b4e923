import { Command } from '@nestjs/cqrs';
import type { TeamCaller } from '../../../../platform/auth';
import type { Role, Team } from '@teaminbox/contracts';

/** Invites an address (with the role it will join with) into the caller's team and emails the link; answers the updated team. */
export class SendInvitationCommand extends Command<Team> {
  constructor(
    readonly caller: TeamCaller,
    readonly email: string,
    /** The role the invitee joins with. */
    readonly role: Role = 'MEMBER',
  ) {
    super();
  }
}
