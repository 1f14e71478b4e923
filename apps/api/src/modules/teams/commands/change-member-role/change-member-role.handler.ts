import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { Team } from '@teaminbox/contracts';
import { USERS_PROJECTION } from '../../../identity';
import { TeamCommandRunner } from '../team-command-runner';
import { ChangeMemberRoleCommand } from './change-member-role.command';

@CommandHandler(ChangeMemberRoleCommand)
export class ChangeMemberRoleHandler implements ICommandHandler<ChangeMemberRoleCommand, Team> {
  constructor(private readonly runner: TeamCommandRunner) {}

  execute({ actorId, userId, role }: ChangeMemberRoleCommand): Promise<Team> {
    return this.runner.run(actorId, { type: 'ChangeMemberRole', data: { actorId, userId, role } }, [USERS_PROJECTION]);
  }
}
