import { Injectable } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import type { Team } from '@teaminbox/contracts';
import { UserDirectory } from '../../identity';
import { DomainError, type CommandContext, newCorrelationId, ReadYourWrites } from '../../../platform/event-sourcing';
import { type TeamCommand, TEAM_NOT_FOUND_MESSAGE } from '../domain/team.decider';
import { GetTeamQuery } from '../queries/get-team/get-team.query';
import { TeamStream } from './team-stream';

/**
 * The shape of a management command: the caller's team from the users read model (never from the
 * request), the decision on that team's stream, a wait for the projections the caller reads next,
 * and the updated team as the answer.
 */
@Injectable()
export class TeamCommandRunner {
  constructor(
    private readonly directory: UserDirectory,
    private readonly teams: TeamStream,
    private readonly readYourWrites: ReadYourWrites,
    private readonly queries: QueryBus,
  ) {}

  async run(
    actorId: string,
    command: TeamCommand,
    projections: string[],
    afterAppend?: (context: CommandContext & { teamId: string }) => Promise<void>,
  ): Promise<Team> {
    const membership = await this.directory.membershipOf(actorId);
    if (!membership) throw new DomainError('not-found', TEAM_NOT_FOUND_MESSAGE);
    const context = { actorUserId: actorId, teamId: membership.teamId, correlationId: newCorrelationId() };
    const appended = await this.teams.decide(membership.teamId, command, context);
    if (appended && afterAppend) await afterAppend(context);
    await this.readYourWrites.waitFor(appended?.position, projections);
    const team = await this.queries.execute(new GetTeamQuery(actorId));
    if (!team) throw new DomainError('not-found', TEAM_NOT_FOUND_MESSAGE);
    return team;
  }
}
