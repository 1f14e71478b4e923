import { CommandHandler, type ICommandHandler, QueryBus } from '@nestjs/cqrs';
import type { Team } from '@teaminbox/contracts';
import { v7 as uuidv7 } from 'uuid';
import { USERS_PROJECTION } from '../../../identity/projections/users/users.projection';
import { UserDirectory } from '../../../identity/user-directory';
import { DomainError } from '../../../shared/domain-error';
import { newCorrelationId } from '../../../shared/domain-event';
import { EventSourcedRepository } from '../../../shared/event-sourced-repository';
import { ReadYourWrites } from '../../../shared/read-your-writes';
import { ALREADY_IN_TEAM_MESSAGE, teamDecider, teamStreamId } from '../../domain/team.decider';
import { TEAMS_PROJECTION } from '../../projections/teams/teams.projection';
import { GetTeamQuery } from '../../queries/get-team/get-team.query';
import { CreateTeamCommand } from './create-team.command';

@CommandHandler(CreateTeamCommand)
export class CreateTeamHandler implements ICommandHandler<CreateTeamCommand, Team> {
  constructor(
    private readonly repository: EventSourcedRepository,
    private readonly directory: UserDirectory,
    private readonly readYourWrites: ReadYourWrites,
    private readonly queries: QueryBus,
  ) {}

  async execute({ userId, name }: CreateTeamCommand): Promise<Team> {
    const teamId = uuidv7();
    const membership = await this.directory.membershipOf(userId);
    const appended = await this.repository.decide(
      teamStreamId(teamId),
      teamDecider,
      { type: 'CreateTeam', data: { teamId, name, creatorId: userId, creatorTeamId: membership?.teamId ?? null } },
      { actorUserId: userId, teamId, correlationId: newCorrelationId() },
      { conflictMessage: ALREADY_IN_TEAM_MESSAGE },
    );
    await this.readYourWrites.waitFor(appended?.position, [TEAMS_PROJECTION, USERS_PROJECTION]);
    const team = await this.queries.execute(new GetTeamQuery(userId));
    if (!team) throw new DomainError('not-found', 'The team was created but is not readable yet; reload in a moment.');
    return team;
  }
}
