import { Body, Controller, Delete, Get, Param, Put } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import { type Role, type Team, type TeamMember, ZChangeRoleRequest } from '@teaminbox/contracts';
import { Caller, TeamCaller } from '../../../platform/auth';
import { DomainError } from '../../../platform/event-sourcing';
import { ZodValidationPipe } from '../../../platform/http/zod-validation.pipe';
import { ChangeMemberRoleCommand } from '../commands/change-member-role/change-member-role.command';
import { CreateTeamCommand } from '../commands/create-team/create-team.command';
import { RemoveMemberCommand } from '../commands/remove-member/remove-member.command';
import { TEAM_NOT_FOUND_MESSAGE } from '../domain/team.decider';
import { GetTeamQuery } from '../queries/get-team/get-team.query';
import { ListTeamMembersQuery } from '../queries/list-team-members/list-team-members.query';
import { textOrField } from './body-text';
import { IN_TEAM } from './in-team';

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
  create(@Caller() caller: Caller, @Body() body: unknown): Promise<Team> {
    return this.commands.execute(new CreateTeamCommand(caller, textOrField(body, 'name')));
  }

  @Get()
  async get(@TeamCaller(IN_TEAM) caller: TeamCaller): Promise<Team> {
    const team = await this.queries.execute(new GetTeamQuery(caller.teamId));
    if (!team) throw new DomainError('not-found', TEAM_NOT_FOUND_MESSAGE);
    return team;
  }

  @Get('members')
  members(@Caller() caller: Caller): Promise<TeamMember[]> {
    return this.queries.execute(new ListTeamMembersQuery(caller.teamId));
  }

  @Put('member/:id/role')
  changeRole(@TeamCaller(IN_TEAM) caller: TeamCaller, @Param('id') id: string, @Body() body: unknown): Promise<Team> {
    return this.commands.execute(new ChangeMemberRoleCommand(caller, id, parseRole(body)));
  }

  @Delete('member/:id')
  removeMember(@TeamCaller(IN_TEAM) caller: TeamCaller, @Param('id') id: string): Promise<Team> {
    return this.commands.execute(new RemoveMemberCommand(caller, id));
  }
}
