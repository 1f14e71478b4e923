import { Command } from '@nestjs/cqrs';
import type { TeamCaller } from '../../../../platform/auth';
import type { Team } from '@teaminbox/contracts';

/** Deletes an open invitation of the caller's team (its link stops working); answers the updated team. */
export class DeleteInvitationCommand extends Command<Team> {
  constructor(
    readonly caller: TeamCaller,
    readonly invitationId: string,
  ) {
    super();
  }
}
