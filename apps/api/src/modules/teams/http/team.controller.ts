import { Body, Controller, Delete, Get, NotFoundException, Param, Put } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import { type Role, type Team, type TeamMember, ZChangeRoleRequest } from '@teaminbox/contracts';
import type { AuthenticatedUser } from '../../../platform/auth/authenticated-user';
import { CurrentUser } from '../../../platform/auth/current-user.decorator';
import { ZodValidationPipe } from '../../../platform/http/zod-validation.pipe';
import { ChangeMemberRoleCommand } from '../commands/change-member-role/change-member-role.command';
import { CreateTeamCommand } from '../commands/create-team/create-team.command';
import { RemoveMemberCommand } from '../commands/remove-member/remove-member.command';
import { TEAM_NOT_FOUND_MESSAGE } from '../domain/team.decider';
import { GetTeamQuery } from '../queries/get-team/get-team.query';
import { ListTeamMembersQuery } from '../queries/list-team-members/list-team-members.query';
import { textOrField } from './body-text';

/** The role arrives as a text/plain body (the spec) or as JSON {role}. */
const roleBody = new ZodValidationPipe(ZChangeRoleRequest);
const parseRole = (body: unknown): Role => roleBody.transform({ role: textOrField(body, 'role').trim() }).role;

@Controller('team')
export class TeamController {
  constructor(
    private readonly commands: CommandBus,
    private readonly queries: QueryBus,
  ) {}

  /** The team name arrives as a text/plain body (the spec) or as JSON {name}. */
  @Put()
  create(@CurrentUser() user: AuthenticatedUser, @Body() body: unknown): Promise<Team> {
    return this.commands.execute(new CreateTeamCommand(user.id, textOrField(body, 'name')));
  }

  @Get()
  async get(@CurrentUser() user: AuthenticatedUser): Promise<Team> {
    const team = await this.queries.execute(new GetTeamQuery(user.id));
    if (!team) throw new NotFoundException({ success: false, message: TEAM_NOT_FOUND_MESSAGE, statusCode: 404 });
    return team;
  }

  @Get('members')
  members(@CurrentUser() user: AuthenticatedUser): Promise<TeamMember[]> {
    return this.queries.execute(new ListTeamMembersQuery(user.id));
  }

  @Put('member/:id/role')
  changeRole(@CurrentUser() user: AuthenticatedUser, @Param('id') id: string, @Body() body: unknown): Promise<Team> {
    return this.commands.execute(new ChangeMemberRoleCommand(user.id, id, parseRole(body)));
  }

  @Delete('member/:id')
  removeMember(@CurrentUser() user: AuthenticatedUser, @Param('id') id: string): Promise<Team> {
    return this.commands.execute(new RemoveMemberCommand(user.id, id));
  }
}
