import { CommandHandler, type ICommandHandler, QueryBus } from '@nestjs/cqrs';
import type { Team } from '@teaminbox/contracts';
import { v7 as uuidv7 } from 'uuid';
import { DomainError, ReadYourWrites } from '../../../../platform/event-sourcing';
import { USERS_PROJECTION } from '../../../identity';
import { ALREADY_IN_TEAM_MESSAGE, teamDecider } from '../../domain/team.decider';
import { TEAMS_PROJECTION } from '../../projections/teams/teams.projection';
import { GetTeamQuery } from '../../queries/get-team/get-team.query';
import { TeamStream } from '../team-stream';
import { CreateTeamCommand } from './create-team.command';

/**
 * Takes the creator's seat on their user stream first (so two concurrent creations by one user
 * cannot both succeed), then records the team; a failed team append gives the seat back.
 */
@CommandHandler(CreateTeamCommand)
export class CreateTeamHandler implements ICommandHandler<CreateTeamCommand, Team> {
  constructor(
    private readonly teams: TeamStream,
    private readonly readYourWrites: ReadYourWrites,
    private readonly queries: QueryBus,
  ) {}

  async execute({ caller, name }: CreateTeamCommand): Promise<Team> {
    const teamId = uuidv7();
    if (caller.teamId) throw new DomainError('conflict', ALREADY_IN_TEAM_MESSAGE);
    const command = {
      type: 'CreateTeam',
      data: { teamId, name, creatorId: caller.userId, creatorTeamId: null },
    } as const;
    // The pure decision first: a blank or too long name fails before the seat is taken.
    teamDecider.decide(command, teamDecider.initialState());
    await this.teams.claimSeat(caller.userId, teamId);
    let appended;
    try {
      appended = await this.teams.decide(teamId, command);
    } catch (error) {
      await this.teams.undoClaim(caller.userId, teamId);
      throw error;
    }
    await this.readYourWrites.waitFor(appended?.position, [TEAMS_PROJECTION, USERS_PROJECTION]);
    const team = await this.queries.execute(new GetTeamQuery(teamId));
    if (!team) throw new DomainError('not-found', 'The team was created but is not readable yet; reload in a moment.');
    return team;
  }
}
