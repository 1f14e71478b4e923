import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { Team } from '@teaminbox/contracts';
import { INVITATIONS_PROJECTION } from '../../projections/invitations/invitations.projection';
import { TeamCommandRunner } from '../team-command-runner';
import { DeleteInvitationCommand } from './delete-invitation.command';

@CommandHandler(DeleteInvitationCommand)
export class DeleteInvitationHandler implements ICommandHandler<DeleteInvitationCommand, Team> {
  constructor(private readonly runner: TeamCommandRunner) {}

  execute({ caller, invitationId }: DeleteInvitationCommand): Promise<Team> {
    const command = { type: 'DeleteInvitation', data: { actorId: caller.userId, invitationId } } as const;
    return this.runner.run(caller, command, [INVITATIONS_PROJECTION]);
  }
}
