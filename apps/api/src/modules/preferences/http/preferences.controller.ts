import { Body, Controller, Get, Put } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import { type UserPreferences, ZAvailabilityRequest, ZUserPreferencesRequest } from '@teaminbox/contracts';
import { Caller, OwnAccountRoute } from '../../../platform/auth';
import { ZodValidationPipe } from '../../../platform/http/zod-validation.pipe';
import { ChangePreferencesCommand } from '../commands/change-preferences/change-preferences.command';
import type { PreferencesChange } from '../domain/preferences.decider';
import { GetPreferencesQuery } from '../queries/get-preferences/get-preferences.query';

/** GET/PUT /user/preferences and PUT /me/availability: personal settings, kept as events (stream `preferences-<userId>`); open to an auditor too. */
@OwnAccountRoute()
@Controller()
export class PreferencesController {
  constructor(
    private readonly commands: CommandBus,
    private readonly queries: QueryBus,
  ) {}

  @Get('user/preferences')
  get(@Caller() caller: Caller): Promise<UserPreferences> {
    return this.queries.execute(new GetPreferencesQuery(caller.userId));
  }

  @Put('user/preferences')
  set(
    @Caller() caller: Caller,
    @Body(new ZodValidationPipe(ZUserPreferencesRequest)) body: PreferencesChange,
  ): Promise<UserPreferences> {
    return this.commands.execute(new ChangePreferencesCommand(caller, body));
  }

  @Put('me/availability')
  availability(
    @Caller() caller: Caller,
    @Body(new ZodValidationPipe(ZAvailabilityRequest)) body: { onVacation: boolean },
  ): Promise<UserPreferences> {
    return this.commands.execute(new ChangePreferencesCommand(caller, { onVacation: body.onVacation }));
  }
}
