import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { Team } from '@teaminbox/contracts';
import { USERS_PROJECTION } from '../../../identity';
import { TeamCommandRunner } from '../team-command-runner';
import { TeamStream } from '../team-stream';
import { RemoveMemberCommand } from './remove-member.command';

/**
 * TeamMemberRemoved on the team's stream (the users projection then clears the membership and raises
 * the session version, which ends the removed user's tokens), then the user's seat is given back.
 */
@CommandHandler(RemoveMemberCommand)
export class RemoveMemberHandler implements ICommandHandler<RemoveMemberCommand, Team> {
  constructor(
    private readonly runner: TeamCommandRunner,
    private readonly teams: TeamStream,
  ) {}

  execute({ caller, userId }: RemoveMemberCommand): Promise<Team> {
    const command = { type: 'RemoveMember', data: { actorId: caller.userId, userId } } as const;
    return this.runner.run(caller, command, [USERS_PROJECTION], () => this.teams.releaseSeat(userId, caller.teamId));
  }
}
