import { Module, type OnModuleInit } from '@nestjs/common';
import { secretBoxProvider } from '../../platform/crypto';
import { PersonalDataRegistry } from '../../platform/personal-data';
import { ProjectionRunner } from '../../platform/projections/projection-runner';
import { ConversationsModule } from '../conversations';
import { eraseMessageContent } from './ingestion/message-content-erasure';
import { FetchEmailsHandler } from './commands/fetch-emails/fetch-emails.handler';
import { RetryQuarantinedMessageHandler } from './commands/retry-quarantined-message/retry-quarantined-message.handler';
import { SaveEmailServerConfigHandler } from './commands/save-email-server-config/save-email-server-config.handler';
import { TestEmailServerConfigHandler } from './commands/test-email-server-config/test-email-server-config.handler';
import { MailConnections } from './connection/mail-connections';
import { EmailServerConfigController, MailEmailsController } from './http/email-server-config.controller';
import { MailQuarantineController } from './http/mail-quarantine.controller';
import { MailboxSettingsReader } from './ingestion/mailbox-settings.reader';
import { MailboxStatusStore } from './ingestion/mailbox-status.store';
import { MailboxSupervisor } from './ingestion/mailbox-supervisor';
import { MailboxSync } from './ingestion/mailbox-sync';
import { MessageIngestion } from './ingestion/message-ingestion';
import { MessageParserPool } from './ingestion/message-parser.pool';
import { MailboxRateLimits } from './mailbox-rate-limits';
import { MailOAuthController } from './oauth/mail-oauth.controller';
import { MailOAuthService } from './oauth/mail-oauth.service';
import { MailboxOAuthTokens } from './oauth/mailbox-oauth-tokens';
import { MailboxConfigProjection } from './projections/mailbox-config.projection';
import { MailQuarantineProjection } from './projections/mail-quarantine.projection';
import { GetEmailServerConfigHandler } from './queries/get-email-server-config/get-email-server-config.handler';
import { GetRawMessageHandler } from './queries/get-raw-message/get-raw-message.handler';
import { ListImapFoldersHandler } from './queries/list-imap-folders/list-imap-folders.handler';
import { ListQuarantinedMessagesHandler } from './queries/list-quarantined-messages/list-quarantined-messages.handler';

/** Team mailboxes: the email server configuration API and real-time IMAP ingestion. */
@Module({
  imports: [ConversationsModule],
  controllers: [EmailServerConfigController, MailEmailsController, MailOAuthController, MailQuarantineController],
  providers: [
    secretBoxProvider,
    MailConnections,
    MailboxOAuthTokens,
    MailOAuthService,
    MailboxRateLimits,
    MailboxStatusStore,
    MailboxSettingsReader,
    MessageParserPool,
    MessageIngestion,
    MailboxSync,
    MailboxSupervisor,
    MailboxConfigProjection,
    MailQuarantineProjection,
    GetEmailServerConfigHandler,
    SaveEmailServerConfigHandler,
    TestEmailServerConfigHandler,
    ListImapFoldersHandler,
    FetchEmailsHandler,
    RetryQuarantinedMessageHandler,
    ListQuarantinedMessagesHandler,
    GetRawMessageHandler,
  ],
  exports: [MailboxSupervisor, MailConnections, MailboxSettingsReader],
})
export class MailboxModule implements OnModuleInit {
  constructor(
    private readonly runner: ProjectionRunner,
    private readonly config: MailboxConfigProjection,
    private readonly quarantine: MailQuarantineProjection,
    private readonly personalData: PersonalDataRegistry,
  ) {}

  onModuleInit(): void {
    this.personalData.onErasure(eraseMessageContent);
    this.runner.registerProjection(this.config);
    this.runner.registerProjection(this.quarantine);
  }
}
