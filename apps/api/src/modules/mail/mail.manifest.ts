import { defineModuleManifest } from '../../platform/module-manifest/manifest';
import { FetchEmailsHandler } from './commands/fetch-emails/fetch-emails.handler';
import { RetryQuarantinedMessageHandler } from './commands/retry-quarantined-message/retry-quarantined-message.handler';
import { SaveEmailServerConfigHandler } from './commands/save-email-server-config/save-email-server-config.handler';
import { TestEmailServerConfigHandler } from './commands/test-email-server-config/test-email-server-config.handler';
import { MailQuarantineProjection } from './projections/mail-quarantine.projection';
import { MailboxConfigProjection } from './projections/mailbox-config.projection';
import { GetEmailServerConfigHandler } from './queries/get-email-server-config/get-email-server-config.handler';
import { GetRawMessageHandler } from './queries/get-raw-message/get-raw-message.handler';
import { ListImapFoldersHandler } from './queries/list-imap-folders/list-imap-folders.handler';
import { ListQuarantinedMessagesHandler } from './queries/list-quarantined-messages/list-quarantined-messages.handler';

/** The team's mailbox: its server settings, synchronisation and quarantine: what the module brings to the application (docs/ARCHITECTURE.md, "Module manifests"). */
export const MAIL_MANIFEST = defineModuleManifest({
  name: 'mail',
  events: ['MailboxConfigured', 'MailboxConfigUpdated', 'MailboxConfigChanged'],
  projections: [MailboxConfigProjection, MailQuarantineProjection],
  reactions: [],
  commandHandlers: [
    SaveEmailServerConfigHandler,
    TestEmailServerConfigHandler,
    FetchEmailsHandler,
    RetryQuarantinedMessageHandler,
  ],
  queryHandlers: [
    GetEmailServerConfigHandler,
    ListImapFoldersHandler,
    ListQuarantinedMessagesHandler,
    GetRawMessageHandler,
  ],
  pushes: [],
});
