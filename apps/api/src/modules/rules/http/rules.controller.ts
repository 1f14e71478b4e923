import { Body, Controller, Delete, Get, HttpCode, Param, Post, Put } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import { type Rule, type SuccessMessageResponse, type TRuleRequest, ZRuleRequest } from '@teaminbox/contracts';
import { RequireRole, TeamCaller } from '../../../platform/auth';
import { ZodValidationPipe } from '../../../platform/http/zod-validation.pipe';
import { CreateRuleCommand } from '../commands/create-rule/create-rule.command';
import { DeleteRuleCommand } from '../commands/delete-rule/delete-rule.command';
import { UpdateRuleCommand } from '../commands/update-rule/update-rule.command';
import { ListRulesQuery } from '../queries/list-rules/list-rules.query';
import { RULES_TEAM, ruleId } from './rules-team';

/** The team's automatic rules (spec section 7): every member reads them, ADMIN and MAINTAINER change them. */
@Controller('rules')
export class RulesController {
  constructor(
    private readonly commands: CommandBus,
    private readonly queries: QueryBus,
  ) {}

  @Get()
  list(@TeamCaller(RULES_TEAM) caller: TeamCaller): Promise<Rule[]> {
    return this.queries.execute(new ListRulesQuery(caller.teamId));
  }

  @Post()
  @HttpCode(200)
  @RequireRole('ADMIN', 'MAINTAINER')
  create(
    @TeamCaller(RULES_TEAM) caller: TeamCaller,
    @Body(new ZodValidationPipe(ZRuleRequest)) body: TRuleRequest,
  ): Promise<Rule> {
    return this.commands.execute(new CreateRuleCommand(caller, body));
  }

  @Put(':id')
  @RequireRole('ADMIN', 'MAINTAINER')
  update(
    @TeamCaller(RULES_TEAM) caller: TeamCaller,
    @Param('id') id: string,
    @Body(new ZodValidationPipe(ZRuleRequest)) body: TRuleRequest,
  ): Promise<Rule> {
    return this.commands.execute(new UpdateRuleCommand(caller, ruleId(id), body));
  }

  @Delete(':id')
  @RequireRole('ADMIN', 'MAINTAINER')
  async remove(@TeamCaller(RULES_TEAM) caller: TeamCaller, @Param('id') id: string): Promise<SuccessMessageResponse> {
    await this.commands.execute(new DeleteRuleCommand(caller, ruleId(id)));
    return { success: true, message: 'Rule deleted' };
  }
}
