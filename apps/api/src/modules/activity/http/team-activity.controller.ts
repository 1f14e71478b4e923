import { Controller, Get, Query } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { type Page, type TeamActivityEntry, type TTeamActivityQuery, ZTeamActivityQuery } from '@teaminbox/contracts';
import { TeamCaller, type TeamCallerOptions } from '../../../platform/auth';
import { ZodValidationPipe } from '../../../platform/http/zod-validation.pipe';
import { ListTeamActivityQuery } from '../queries/list-team-activity/list-team-activity.query';

export const TEAM_ACTIVITY_NOT_FOUND_MESSAGE = 'Team not found';

/** The caller's team only: a caller without one, or a `teamId` naming another team, gets 404. */
const ACTIVITY_TEAM: TeamCallerOptions = {
  noTeam: { kind: 'not-found', message: TEAM_ACTIVITY_NOT_FOUND_MESSAGE },
  teamIdIn: 'query',
  otherTeam: { kind: 'not-found', message: TEAM_ACTIVITY_NOT_FOUND_MESSAGE },
};

/** The spec's team actions (GET /team/actions?teamId): every member reads the team's activity log. */
@Controller('team')
export class TeamActivityController {
  constructor(private readonly queries: QueryBus) {}

  @Get('actions')
  actions(
    @TeamCaller(ACTIVITY_TEAM) caller: TeamCaller,
    @Query(new ZodValidationPipe(ZTeamActivityQuery)) query: TTeamActivityQuery,
  ): Promise<Page<TeamActivityEntry>> {
    return this.queries.execute(new ListTeamActivityQuery(caller.teamId, query.page, query.size));
  }
}
