/** What other modules may use of the mail context. */
export { MailboxModule } from './mailbox.module';
export { CONNECT_TIMEOUT_MS, describeMailError, MailConnections } from './infrastructure/imap/mail-connections';
export { SAVE_CONFIG_FIRST_MESSAGE } from './queries/list-imap-folders/list-imap-folders.query';
export { MailboxSettingsReader } from './infrastructure/imap/mailbox-settings.reader';
export { MAIL_MANIFEST } from './mail.manifest';
