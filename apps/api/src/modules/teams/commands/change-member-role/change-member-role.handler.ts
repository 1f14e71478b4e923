import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { Team } from '@teaminbox/contracts';
import { USERS_PROJECTION } from '../../../identity';
import { TeamCommandRunner } from '../team-command-runner';
import { ChangeMemberRoleCommand } from './change-member-role.command';

@CommandHandler(ChangeMemberRoleCommand)
export class ChangeMemberRoleHandler implements ICommandHandler<ChangeMemberRoleCommand, Team> {
  constructor(private readonly runner: TeamCommandRunner) {}

  execute({ caller, userId, role }: ChangeMemberRoleCommand): Promise<Team> {
    const command = { type: 'ChangeMemberRole', data: { actorId: caller.userId, userId, role } } as const;
    return this.runner.run(caller, command, [USERS_PROJECTION]);
  }
}
