/**
 * The email server configuration as GET /api/email-server-config answers it. Defined here until the
 * contracts package holds it; the field names are the API's.
 */
export type MailAuthType = 'PASSWORD' | 'OAUTH2';
export type OAuthProvider = 'GOOGLE' | 'MICROSOFT';

export interface SyncProgress {
  total: number;
  done: number;
}

/** The fields a user edits (create and update send them). */
export interface EmailServerConfigFields {
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
  authType: MailAuthType;
  oauthProvider: OAuthProvider | null;
  fromEmail: string;
  fromName: string;
  isActive: boolean;
}

/** The stored configuration: never a password, only markers saying one is set. */
export interface EmailServerConfig extends EmailServerConfigFields {
  id: string;
  imapPasswordSet: boolean;
  smtpPasswordSet: boolean;
  lastSyncAt: string | null;
  lastError: string | null;
  lastErrorAt: string | null;
  syncProgress: SyncProgress | null;
}

/** Create, update and test bodies: a password only when the user typed one (absent = keep the stored one). */
export interface EmailServerConfigRequest extends EmailServerConfigFields {
  imapPassword?: string;
  smtpPassword?: string;
}

export interface OAuthUrlResponse {
  url: string;
}
