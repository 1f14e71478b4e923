import { Body, Controller, Get, HttpCode, Post, Put } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import {
  type EmailServerConfig,
  type SuccessMessageResponse,
  type TEmailServerConfigRequest,
  ZEmailServerConfigRequest,
} from '@teaminbox/contracts';
import { TeamCaller } from '../../../platform/auth';
import { ZodValidationPipe } from '../../../platform/http/zod-validation.pipe';
import { FetchEmailsCommand } from '../commands/fetch-emails/fetch-emails.command';
import { SaveEmailServerConfigCommand } from '../commands/save-email-server-config/save-email-server-config.command';
import { TestEmailServerConfigCommand } from '../commands/test-email-server-config/test-email-server-config.command';
import { GetEmailServerConfigQuery } from '../queries/get-email-server-config/get-email-server-config.query';
import { ListImapFoldersQuery } from '../queries/list-imap-folders/list-imap-folders.query';
import { MAILBOX_TEAM } from './mailbox-team';

const configBody = new ZodValidationPipe(ZEmailServerConfigRequest);

@Controller('email-server-config')
export class EmailServerConfigController {
  constructor(
    private readonly commands: CommandBus,
    private readonly queries: QueryBus,
  ) {}

  @Get()
  get(@TeamCaller(MAILBOX_TEAM) caller: TeamCaller): Promise<EmailServerConfig> {
    return this.queries.execute(new GetEmailServerConfigQuery(caller.teamId));
  }

  @Post()
  @HttpCode(200)
  create(
    @TeamCaller(MAILBOX_TEAM) caller: TeamCaller,
    @Body(configBody) body: TEmailServerConfigRequest,
  ): Promise<EmailServerConfig> {
    return this.commands.execute(new SaveEmailServerConfigCommand(caller, body));
  }

  @Put()
  update(
    @TeamCaller(MAILBOX_TEAM) caller: TeamCaller,
    @Body(configBody) body: TEmailServerConfigRequest,
  ): Promise<EmailServerConfig> {
    return this.commands.execute(new SaveEmailServerConfigCommand(caller, body));
  }

  @Post('test')
  @HttpCode(200)
  test(
    @TeamCaller(MAILBOX_TEAM) caller: TeamCaller,
    @Body(configBody) body: TEmailServerConfigRequest,
  ): Promise<SuccessMessageResponse> {
    return this.commands.execute(new TestEmailServerConfigCommand(caller, body));
  }

  @Get('imap-folders')
  folders(@TeamCaller(MAILBOX_TEAM) caller: TeamCaller): Promise<string[]> {
    return this.queries.execute(new ListImapFoldersQuery(caller.teamId));
  }
}

@Controller('emails')
export class MailEmailsController {
  constructor(private readonly commands: CommandBus) {}

  @Post('fetch')
  @HttpCode(200)
  fetch(@TeamCaller(MAILBOX_TEAM) caller: TeamCaller): Promise<SuccessMessageResponse> {
    return this.commands.execute(new FetchEmailsCommand(caller));
  }
}
