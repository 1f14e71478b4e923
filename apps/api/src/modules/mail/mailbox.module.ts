import { Module, type OnModuleInit } from '@nestjs/common';
import { secretBoxProvider } from '../../platform/crypto';
import { ProjectionRunner } from '../../platform/projections/projection-runner';
import { FetchEmailsHandler } from './commands/fetch-emails/fetch-emails.handler';
import { SaveEmailServerConfigHandler } from './commands/save-email-server-config/save-email-server-config.handler';
import { TestEmailServerConfigHandler } from './commands/test-email-server-config/test-email-server-config.handler';
import { MailConnections } from './connection/mail-connections';
import { EmailServerConfigController, MailEmailsController } from './http/email-server-config.controller';
import { MailboxStatusStore } from './ingestion/mailbox-status.store';
import { MailboxSupervisor } from './ingestion/mailbox-supervisor';
import { MailboxSync } from './ingestion/mailbox-sync';
import { MessageIngestion } from './ingestion/message-ingestion';
import { MessageParserPool } from './ingestion/message-parser.pool';
import { MailOAuthController } from './oauth/mail-oauth.controller';
import { MailOAuthService } from './oauth/mail-oauth.service';
import { MailboxOAuthTokens } from './oauth/mailbox-oauth-tokens';
import { EmailThreadProjection } from './projections/email-thread.projection';
import { MailboxConfigProjection } from './projections/mailbox-config.projection';
import { GetEmailServerConfigHandler } from './queries/get-email-server-config/get-email-server-config.handler';
import { ListImapFoldersHandler } from './queries/list-imap-folders/list-imap-folders.handler';

/** Team mailboxes: the email server configuration API and real-time IMAP ingestion. */
@Module({
  controllers: [EmailServerConfigController, MailEmailsController, MailOAuthController],
  providers: [
    secretBoxProvider,
    MailConnections,
    MailboxOAuthTokens,
    MailOAuthService,
    MailboxStatusStore,
    MessageParserPool,
    MessageIngestion,
    MailboxSync,
    MailboxSupervisor,
    MailboxConfigProjection,
    EmailThreadProjection,
    GetEmailServerConfigHandler,
    SaveEmailServerConfigHandler,
    TestEmailServerConfigHandler,
    ListImapFoldersHandler,
    FetchEmailsHandler,
  ],
  exports: [MailboxSupervisor, MailConnections],
})
export class MailboxModule implements OnModuleInit {
  constructor(
    private readonly runner: ProjectionRunner,
    private readonly config: MailboxConfigProjection,
    private readonly threads: EmailThreadProjection,
  ) {}

  onModuleInit(): void {
    this.runner.registerProjection(this.config);
    this.runner.registerProjection(this.threads);
  }
}
