import type { MailboxSettings } from '@teaminbox/contracts';

/** A team's mailbox settings as the mail module keeps them (password login, both passwords sealed), changed by `overrides`. */
export const mailboxSettings = (overrides: Partial<MailboxSettings> = {}): MailboxSettings => ({
  configId: 'config-1',
  imapHost: 'imap.example.com',
  imapPort: 993,
  imapUsername: 'support',
  imapUseSsl: true,
  imapFolder: 'INBOX',
  imapFolders: [],
  smtpHost: 'smtp.example.com',
  smtpPort: 587,
  smtpUsername: 'support',
  smtpUseSsl: false,
  smtpUseTls: true,
  authType: 'PASSWORD',
  oauthProvider: null,
  fromEmail: 'support@example.com',
  fromName: 'Support',
  isActive: true,
  imapPasswordSealed: 'sealed-imap-v1',
  smtpPasswordSealed: 'sealed-smtp-v1',
  ...overrides,
});
