import { Injectable } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import type { Team } from '@teaminbox/contracts';
import type { TeamCaller } from '../../../platform/auth';
import { DomainError, ReadYourWrites } from '../../../platform/event-sourcing';
import { type TeamCommand, TEAM_NOT_FOUND_MESSAGE } from '../domain/team.decider';
import { GetTeamQuery } from '../queries/get-team/get-team.query';
import { TeamStream } from './team-stream';

/**
 * The shape of a management command: the decision on the caller's team stream, a wait for the projections the
 * caller reads next, and the updated team as the answer.
 */
@Injectable()
export class TeamCommandRunner {
  constructor(
    private readonly teams: TeamStream,
    private readonly readYourWrites: ReadYourWrites,
    private readonly queries: QueryBus,
  ) {}

  async run(
    caller: TeamCaller,
    command: TeamCommand,
    projections: string[],
    afterAppend?: () => Promise<void>,
  ): Promise<Team> {
    const appended = await this.teams.decide(caller.teamId, command);
    if (appended && afterAppend) await afterAppend();
    await this.readYourWrites.waitFor(appended?.position, projections);
    const team = await this.queries.execute(new GetTeamQuery(caller.teamId));
    if (!team) throw new DomainError('not-found', TEAM_NOT_FOUND_MESSAGE);
    return team;
  }
}
