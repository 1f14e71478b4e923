import { Module, type OnModuleInit } from '@nestjs/common';
import { secretBoxProvider } from '../../platform/crypto';
import { ProjectionRunner } from '../../platform/projections/projection-runner';
import { IdentityModule } from '../identity/identity.module';
import { FetchEmailsHandler } from './commands/fetch-emails/fetch-emails.handler';
import { SaveEmailServerConfigHandler } from './commands/save-email-server-config/save-email-server-config.handler';
import { TestEmailServerConfigHandler } from './commands/test-email-server-config/test-email-server-config.handler';
import { MailConnections } from './connection/mail-connections';
import { EmailServerConfigController, MailEmailsController } from './http/email-server-config.controller';
import { MailQuarantineController } from './http/mail-quarantine.controller';
import { MailQuarantine } from './ingestion/mail-quarantine';
import { MailboxStatusStore } from './ingestion/mailbox-status.store';
import { MailboxSupervisor } from './ingestion/mailbox-supervisor';
import { MailboxSync } from './ingestion/mailbox-sync';
import { MessageIngestion } from './ingestion/message-ingestion';
import { MessageParserPool } from './ingestion/message-parser.pool';
import { MailboxRateLimits } from './mailbox-rate-limits';
import { MailboxTeam } from './mailbox-team';
import { MailOAuthController } from './oauth/mail-oauth.controller';
import { MailOAuthService } from './oauth/mail-oauth.service';
import { MailboxOAuthTokens } from './oauth/mailbox-oauth-tokens';
import { EmailThreadProjection } from './projections/email-thread.projection';
import { MailboxConfigProjection } from './projections/mailbox-config.projection';
import { MailQuarantineProjection } from './projections/mail-quarantine.projection';
import { GetEmailServerConfigHandler } from './queries/get-email-server-config/get-email-server-config.handler';
import { ListImapFoldersHandler } from './queries/list-imap-folders/list-imap-folders.handler';

/** Team mailboxes: the email server configuration API and real-time IMAP ingestion. */
@Module({
  imports: [IdentityModule],
  controllers: [EmailServerConfigController, MailEmailsController, MailOAuthController, MailQuarantineController],
  providers: [
    secretBoxProvider,
    MailConnections,
    MailboxOAuthTokens,
    MailOAuthService,
    MailboxTeam,
    MailboxRateLimits,
    MailboxStatusStore,
    MessageParserPool,
    MessageIngestion,
    MailboxSync,
    MailboxSupervisor,
    MailQuarantine,
    MailboxConfigProjection,
    MailQuarantineProjection,
    EmailThreadProjection,
    GetEmailServerConfigHandler,
    SaveEmailServerConfigHandler,
    TestEmailServerConfigHandler,
    ListImapFoldersHandler,
    FetchEmailsHandler,
  ],
  exports: [MailboxSupervisor],
})
export class MailboxModule implements OnModuleInit {
  constructor(
    private readonly runner: ProjectionRunner,
    private readonly config: MailboxConfigProjection,
    private readonly threads: EmailThreadProjection,
    private readonly quarantine: MailQuarantineProjection,
  ) {}

  onModuleInit(): void {
    this.runner.registerProjection(this.config);
    this.runner.registerProjection(this.threads);
    this.runner.registerProjection(this.quarantine);
  }
}
