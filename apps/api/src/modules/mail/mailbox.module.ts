import { type OnModuleInit } from '@nestjs/common';
import { FeatureModule } from '../../platform/module-manifest/manifest';
import { secretBoxProvider } from '../../platform/crypto';
import { PersonalDataRegistry } from '../../platform/personal-data';
import { ConversationsModule } from '../conversations';
import { eraseMessageContent } from './infrastructure/imap/message-content-erasure';
import { MailConnections } from './infrastructure/imap/mail-connections';
import { EmailServerConfigController, MailEmailsController } from './http/email-server-config.controller';
import { MailQuarantineController } from './http/mail-quarantine.controller';
import { MailboxSettingsReader } from './infrastructure/imap/mailbox-settings.reader';
import { MailboxStatusStore } from './infrastructure/imap/mailbox-status.store';
import { MailboxSupervisor } from './infrastructure/imap/mailbox-supervisor';
import { MailboxSync } from './infrastructure/imap/mailbox-sync';
import { MessageIngestion } from './infrastructure/imap/message-ingestion';
import { MessageParserPool } from './infrastructure/imap/message-parser.pool';
import { MailboxRateLimits } from './mailbox-rate-limits';
import { MailOAuthController } from './http/mail-oauth.controller';
import { MailOAuthService } from './infrastructure/oauth/mail-oauth.service';
import { MailboxOAuthTokens } from './infrastructure/oauth/mailbox-oauth-tokens';
import { MAIL_MANIFEST } from './mail.manifest';

/** Team mailboxes: the email server configuration API and real-time IMAP ingestion. */
@FeatureModule(MAIL_MANIFEST, {
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
  ],
  exports: [MailboxSupervisor, MailConnections, MailboxSettingsReader],
})
export class MailboxModule implements OnModuleInit {
  constructor(private readonly personalData: PersonalDataRegistry) {}

  onModuleInit(): void {
    this.personalData.onErasure(eraseMessageContent);
  }
}
