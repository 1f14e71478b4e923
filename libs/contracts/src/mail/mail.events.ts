import type { AuthType, OAuthProvider } from './email-server-config.schemas';

/** A configuration as the `mailbox-<teamId>` stream stores it: secrets only as sealed (encrypted) strings. */
export interface MailboxSettings {
  configId: string;
  imapHost: string;
  imapPort: number;
  imapUsername: string;
  imapUseSsl: boolean;
  imapFolder: string;
  imapFolders: string[];
  smtpHost: string;
  smtpPort: number;
  smtpUsername: string;
  smtpUseSsl: boolean;
  smtpUseTls: boolean;
  authType: AuthType;
  oauthProvider: OAuthProvider | null;
  fromEmail: string;
  fromName: string;
  isActive: boolean;
  /** Absent in configurations saved before the option existed: read as true. */
  applyRulesToFirstSync?: boolean;
  /** AES-256-GCM sealed password, or null when none is set. */
  imapPasswordSealed: string | null;
  smtpPasswordSealed: string | null;
  /** OAuth2 tokens (sealed) when authType is OAUTH2 and the provider's consent flow has completed. */
  oauth?: MailboxOAuthTokens;
}

/** OAuth2 tokens of a mailbox as stored: both tokens AES-256-GCM sealed, the access token's expiry as ISO time. */
export interface MailboxOAuthTokens {
  refreshTokenSealed: string;
  accessTokenSealed: string;
  accessTokenExpiresAt: string;
}

export interface MailboxConfigured {
  teamId: string;
  settings: MailboxSettings;
}

export interface MailboxConfigUpdated {
  teamId: string;
  settings: MailboxSettings;
}

/** A message that could not be parsed; its raw source is kept (raw_message) and it never blocks the mailbox. */
export interface EmailQuarantined {
  emailId: string;
  teamId: string;
  folder: string;
  uid: number;
  error: string;
}

/** Events of the mail context; appended to the store directly (not part of DomainEventMap's cqrs bus). */
export interface MailEventMap {
  MailboxConfigured: MailboxConfigured;
  MailboxConfigUpdated: MailboxConfigUpdated;
  EmailQuarantined: EmailQuarantined;
}
export type MailEventType = keyof MailEventMap;
