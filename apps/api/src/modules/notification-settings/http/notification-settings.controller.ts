import { Body, Controller, Get, Put } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import {
  type NotificationSettings,
  type TNotificationSettingsRequest,
  ZNotificationSettingsRequest,
} from '@teaminbox/contracts';
import { Caller, OwnAccountRoute } from '../../../platform/auth';
import { ZodValidationPipe } from '../../../platform/http/zod-validation.pipe';
import { SaveNotificationSettingsCommand } from '../commands/save-notification-settings/save-notification-settings.command';
import { GetNotificationSettingsQuery } from '../queries/get-notification-settings/get-notification-settings.query';

/** GET/PUT /notification-settings: the caller's own settings object (spec sections 3 and 7); personal, so open to an auditor too. */
@OwnAccountRoute()
@Controller('notification-settings')
export class NotificationSettingsController {
  constructor(
    private readonly commands: CommandBus,
    private readonly queries: QueryBus,
  ) {}

  @Get()
  get(@Caller() caller: Caller): Promise<NotificationSettings> {
    return this.queries.execute(new GetNotificationSettingsQuery(caller));
  }

  @Put()
  save(
    @Caller() caller: Caller,
    @Body(new ZodValidationPipe(ZNotificationSettingsRequest)) body: TNotificationSettingsRequest,
  ): Promise<NotificationSettings> {
    return this.commands.execute(new SaveNotificationSettingsCommand(caller, body));
  }
}
