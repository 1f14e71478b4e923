import { Body, Controller, Get, HttpCode, Param, Post, Put, Res } from '@nestjs/common';
import {
  type EmailServerConfig,
  type SuccessMessageResponse,
  type TEmailServerConfigRequest,
  ZEmailServerConfigRequest,
} from '@teaminbox/contracts';
import type { Response } from 'express';
import { DataSource } from 'typeorm';
import type { AuthenticatedUser } from '../../../platform/auth/authenticated-user';
import { CurrentUser } from '../../../platform/auth/current-user.decorator';
import { ZodValidationPipe } from '../../../platform/http/zod-validation.pipe';
import { FetchEmailsHandler } from '../commands/fetch-emails/fetch-emails.handler';
import { SaveEmailServerConfigHandler } from '../commands/save-email-server-config/save-email-server-config.handler';
import { TestEmailServerConfigHandler } from '../commands/test-email-server-config/test-email-server-config.handler';
import { GetEmailServerConfigHandler } from '../queries/get-email-server-config/get-email-server-config.handler';
import { ListImapFoldersHandler } from '../queries/list-imap-folders/list-imap-folders.handler';
import { DomainError } from '../../shared/domain-error';
import { uuidOr404 } from '../../shared/uuid-or-404';
import { MailboxTeam } from '../mailbox-team';
import { sendRaw } from './mail-quarantine.controller';

export const RAW_NOT_FOUND_MESSAGE = 'Email not found';

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
  constructor(
    private readonly fetchEmails: FetchEmailsHandler,
    private readonly team: MailboxTeam,
    private readonly db: DataSource,
  ) {}

  @Post('fetch')
  @HttpCode(200)
  fetch(@CurrentUser() user: AuthenticatedUser): Promise<SuccessMessageResponse> {
    return this.fetchEmails.execute(user.id);
  }

  /** The email as received (message/rfc822), for any member of its team: the stored fields are capped, this is not. */
  @Get(':id/raw')
  async raw(@CurrentUser() user: AuthenticatedUser, @Param('id') id: string, @Res() res: Response): Promise<void> {
    uuidOr404(id, RAW_NOT_FOUND_MESSAGE);
    const teamId = await this.team.of(user.id);
    const [raw]: { source: Buffer }[] = await this.db.query(
      'SELECT source FROM raw_message WHERE email_id = $1 AND team_id = $2',
      [id, teamId],
    );
    if (!raw) throw new DomainError('not-found', RAW_NOT_FOUND_MESSAGE);
    sendRaw(res, `message-${id}.eml`, raw.source);
  }
}
