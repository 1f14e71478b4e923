import { Body, Controller, Delete, Get, HttpCode, Param, Post, Put, Query } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import {
  SLA_POLICY_NOT_FOUND_MESSAGE,
  type SlaPolicies,
  type TSlaPolicyDeleteQuery,
  type TSlaPolicyOrderRequest,
  type TSlaPolicyRequest,
  ZSlaPolicyDeleteQuery,
  ZSlaPolicyOrderRequest,
  ZSlaPolicyRequest,
} from '@teaminbox/contracts';
import { RequireRole, TeamCaller } from '../../../platform/auth';
import { uuidOr404 } from '../../../platform/http/uuid-or-404';
import { ZodValidationPipe } from '../../../platform/http/zod-validation.pipe';
import { ChangeSlaPolicyCommand } from '../commands/change-sla-policy/change-sla-policy.command';
import { CreateSlaPolicyCommand } from '../commands/create-sla-policy/create-sla-policy.command';
import { DeleteSlaPolicyCommand } from '../commands/delete-sla-policy/delete-sla-policy.command';
import { ReorderSlaPoliciesCommand } from '../commands/reorder-sla-policies/reorder-sla-policies.command';
import { SLA_POLICY_EDITORS } from '../domain/sla-policies.decider';
import { ListSlaPoliciesQuery } from '../queries/list-sla-policies/list-sla-policies.query';
import { SERVICE_LEVELS_TEAM } from './service-levels-team';

const policyId = (id: string) => uuidOr404(id, SLA_POLICY_NOT_FOUND_MESSAGE);

/**
 * The team's SLA policies (/team/sla-policies): every member reads them, ADMIN and MAINTAINER change them, each change
 * on the version read. Every call answers the whole ordered list.
 */
@Controller('team/sla-policies')
export class SlaPoliciesController {
  constructor(
    private readonly commands: CommandBus,
    private readonly queries: QueryBus,
  ) {}

  @Get()
  list(@TeamCaller(SERVICE_LEVELS_TEAM) caller: TeamCaller): Promise<SlaPolicies> {
    return this.queries.execute(new ListSlaPoliciesQuery(caller.teamId));
  }

  @Post()
  @HttpCode(200)
  @RequireRole(...SLA_POLICY_EDITORS)
  create(
    @TeamCaller(SERVICE_LEVELS_TEAM) caller: TeamCaller,
    @Body(new ZodValidationPipe(ZSlaPolicyRequest)) body: TSlaPolicyRequest,
  ): Promise<SlaPolicies> {
    return this.commands.execute(new CreateSlaPolicyCommand(caller, body));
  }

  @Put('order')
  @RequireRole(...SLA_POLICY_EDITORS)
  reorder(
    @TeamCaller(SERVICE_LEVELS_TEAM) caller: TeamCaller,
    @Body(new ZodValidationPipe(ZSlaPolicyOrderRequest)) body: TSlaPolicyOrderRequest,
  ): Promise<SlaPolicies> {
    return this.commands.execute(new ReorderSlaPoliciesCommand(caller, body));
  }

  @Put(':id')
  @RequireRole(...SLA_POLICY_EDITORS)
  change(
    @TeamCaller(SERVICE_LEVELS_TEAM) caller: TeamCaller,
    @Param('id') id: string,
    @Body(new ZodValidationPipe(ZSlaPolicyRequest)) body: TSlaPolicyRequest,
  ): Promise<SlaPolicies> {
    return this.commands.execute(new ChangeSlaPolicyCommand(caller, policyId(id), body));
  }

  @Delete(':id')
  @RequireRole(...SLA_POLICY_EDITORS)
  remove(
    @TeamCaller(SERVICE_LEVELS_TEAM) caller: TeamCaller,
    @Param('id') id: string,
    @Query(new ZodValidationPipe(ZSlaPolicyDeleteQuery)) query: TSlaPolicyDeleteQuery,
  ): Promise<SlaPolicies> {
    return this.commands.execute(new DeleteSlaPolicyCommand(caller, policyId(id), query.expectedVersion));
  }
}
