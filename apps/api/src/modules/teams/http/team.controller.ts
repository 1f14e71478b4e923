import { Body, Controller, Get, NotFoundException, Put } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import type { Team, TeamMember } from '@teaminbox/contracts';
import type { AuthenticatedUser } from '../../../platform/auth/authenticated-user';
import { CurrentUser } from '../../../platform/auth/current-user.decorator';
import { CreateTeamCommand } from '../commands/create-team/create-team.command';
import { GetTeamQuery } from '../queries/get-team/get-team.query';
import { ListTeamMembersQuery } from '../queries/list-team-members/list-team-members.query';

/** The team name arrives as a text/plain body (the spec) or as JSON {name}. */
function teamNameOf(body: unknown): string {
  if (typeof body === 'string') return body;
  if (body && typeof body === 'object' && typeof (body as { name?: unknown }).name === 'string') {
    return (body as { name: string }).name;
  }
  return '';
}

@Controller('team')
export class TeamController {
  constructor(
    private readonly commands: CommandBus,
    private readonly queries: QueryBus,
  ) {}

  @Put()
  create(@CurrentUser() user: AuthenticatedUser, @Body() body: unknown): Promise<Team> {
    return this.commands.execute(new CreateTeamCommand(user.id, teamNameOf(body)));
  }

  @Get()
  async get(@CurrentUser() user: AuthenticatedUser): Promise<Team> {
    const team = await this.queries.execute(new GetTeamQuery(user.id));
    if (!team)
      throw new NotFoundException({ success: false, message: 'You do not belong to a team yet.', statusCode: 404 });
    return team;
  }

  @Get('members')
  members(@CurrentUser() user: AuthenticatedUser): Promise<TeamMember[]> {
    return this.queries.execute(new ListTeamMembersQuery(user.id));
  }
}
