import { Body, Controller, Get, Put } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import { type BusinessHours, type TBusinessHoursRequest, ZBusinessHoursRequest } from '@teaminbox/contracts';
import { RequireRole, TeamCaller } from '../../../platform/auth';
import { ZodValidationPipe } from '../../../platform/http/zod-validation.pipe';
import { SetBusinessHoursCommand } from '../commands/set-business-hours/set-business-hours.command';
import { BUSINESS_HOURS_EDITORS } from '../domain/business-hours.decider';
import { GetBusinessHoursQuery } from '../queries/get-business-hours/get-business-hours.query';
import { SERVICE_LEVELS_TEAM } from './service-levels-team';

/** GET/PUT /team/business-hours: when the team's service-level clocks run; every member reads, ADMIN and MAINTAINER change. */
@Controller('team/business-hours')
export class BusinessHoursController {
  constructor(
    private readonly commands: CommandBus,
    private readonly queries: QueryBus,
  ) {}

  @Get()
  get(@TeamCaller(SERVICE_LEVELS_TEAM) caller: TeamCaller): Promise<BusinessHours> {
    return this.queries.execute(new GetBusinessHoursQuery(caller.teamId));
  }

  @Put()
  @RequireRole(...BUSINESS_HOURS_EDITORS)
  set(
    @TeamCaller(SERVICE_LEVELS_TEAM) caller: TeamCaller,
    @Body(new ZodValidationPipe(ZBusinessHoursRequest)) body: TBusinessHoursRequest,
  ): Promise<BusinessHours> {
    return this.commands.execute(new SetBusinessHoursCommand(caller, body));
  }
}
