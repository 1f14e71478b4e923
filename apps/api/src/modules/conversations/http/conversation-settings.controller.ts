import { Body, Controller, Get, Put } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import {
  type ConversationSettings,
  type TConversationSettingsRequest,
  ZConversationSettingsRequest,
} from '@teaminbox/contracts';
import { RequireRole, TeamCaller, type TeamCallerOptions } from '../../../platform/auth';
import { ZodValidationPipe } from '../../../platform/http/zod-validation.pipe';
import { ChangeConversationSettingsCommand } from '../commands/change-conversation-settings/change-conversation-settings.command';
import { CONVERSATION_SETTINGS_EDITORS } from '../domain/conversation-settings.decider';
import { GetConversationSettingsQuery } from '../queries/get-conversation-settings/get-conversation-settings.query';

const SETTINGS_TEAM: TeamCallerOptions = {
  noTeam: { kind: 'not-found', message: 'Create a team first: the conversation settings belong to a team.' },
};

/** GET/PUT /conversation-settings: how incoming mail joins the team's conversations; every member reads, an ADMIN changes. */
@Controller('conversation-settings')
export class ConversationSettingsController {
  constructor(
    private readonly commands: CommandBus,
    private readonly queries: QueryBus,
  ) {}

  @Get()
  get(@TeamCaller(SETTINGS_TEAM) caller: TeamCaller): Promise<ConversationSettings> {
    return this.queries.execute(new GetConversationSettingsQuery(caller.teamId));
  }

  @Put()
  @RequireRole(...CONVERSATION_SETTINGS_EDITORS)
  set(
    @TeamCaller(SETTINGS_TEAM) caller: TeamCaller,
    @Body(new ZodValidationPipe(ZConversationSettingsRequest)) body: TConversationSettingsRequest,
  ): Promise<ConversationSettings> {
    return this.commands.execute(new ChangeConversationSettingsCommand(caller, body));
  }
}
