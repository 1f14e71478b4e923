import { type OnModuleInit } from '@nestjs/common';
import { FeatureModule } from '../../platform/module-manifest/manifest';
import { secretBoxProvider } from '../../platform/crypto';
import { PersonalDataRegistry } from '../../platform/personal-data';
import { ConversationsModule } from '../conversations';
import { eraseMessageContent } from './ingestion/message-content-erasure';
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
