import { Body, Controller, Get, HttpCode, Post, Put } from '@nestjs/common';
import {
  type EmailServerConfig,
  type SuccessMessageResponse,
  type TEmailServerConfigRequest,
  ZEmailServerConfigRequest,
} from '@teaminbox/contracts';
import type { AuthenticatedUser } from '../../../platform/auth/authenticated-user';
import { CurrentUser } from '../../../platform/auth/current-user.decorator';
import { ZodValidationPipe } from '../../../platform/http/zod-validation.pipe';
import { FetchEmailsHandler } from '../commands/fetch-emails/fetch-emails.handler';
import { SaveEmailServerConfigHandler } from '../commands/save-email-server-config/save-email-server-config.handler';
import { TestEmailServerConfigHandler } from '../commands/test-email-server-config/test-email-server-config.handler';
import { GetEmailServerConfigHandler } from '../queries/get-email-server-config/get-email-server-config.handler';
import { ListImapFoldersHandler } from '../queries/list-imap-folders/list-imap-folders.handler';

const configBody = new ZodValidationPipe(ZEmailServerConfigRequest);

@Controller('email-server-config')
export class EmailServerConfigController {
  constructor(
    private readonly getConfig: GetEmailServerConfigHandler,
    private readonly saveConfig: SaveEmailServerConfigHandler,
    private readonly testConfig: TestEmailServerConfigHandler,
    private readonly listFolders: ListImapFoldersHandler,
  ) {}

  @Get()
  get(@CurrentUser() user: AuthenticatedUser): Promise<EmailServerConfig> {
    return this.getConfig.execute(user.id);
  }

  @Post()
  @HttpCode(200)
  create(@CurrentUser() user: AuthenticatedUser, @Body(configBody) body: TEmailServerConfigRequest) {
    return this.saveConfig.execute(user.id, body);
  }

  @Put()
  update(@CurrentUser() user: AuthenticatedUser, @Body(configBody) body: TEmailServerConfigRequest) {
    return this.saveConfig.execute(user.id, body);
  }

  @Post('test')
  @HttpCode(200)
  test(
    @CurrentUser() user: AuthenticatedUser,
    @Body(configBody) body: TEmailServerConfigRequest,
  ): Promise<SuccessMessageResponse> {
    return this.testConfig.execute(user.id, body);
  }

  @Get('imap-folders')
  folders(@CurrentUser() user: AuthenticatedUser): Promise<string[]> {
    return this.listFolders.execute(user.id);
  }
}

@Controller('emails')
export class MailEmailsController {
  constructor(private readonly fetchEmails: FetchEmailsHandler) {}

  @Post('fetch')
  @HttpCode(200)
  fetch(@CurrentUser() user: AuthenticatedUser): Promise<SuccessMessageResponse> {
    return this.fetchEmails.execute(user.id);
  }
}
