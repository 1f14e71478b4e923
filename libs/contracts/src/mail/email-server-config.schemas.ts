import { z } from 'zod';

export const AUTH_TYPES = ['PASSWORD', 'OAUTH2'] as const;
export type AuthType = (typeof AUTH_TYPES)[number];

export const OAUTH_PROVIDERS = ['GOOGLE', 'MICROSOFT'] as const;
export type OAuthProvider = (typeof OAUTH_PROVIDERS)[number];

/** The server settings a new mailbox configuration starts with. */
export interface MailboxServerDefaults {
  imapPort: number;
  imapUseSsl: boolean;
  imapFolder: string;
  smtpPort: number;
  smtpUseSsl: boolean;
  smtpUseTls: boolean;
}

/**
 * A new configuration's server settings (the settings screen, a request that leaves them out, a mailbox connected
 * with OAuth): IMAP 993 with SSL, folder INBOX; SMTP 587 with TLS (STARTTLS), without SSL.
 */
export const DEFAULT_MAILBOX_SERVER: Readonly<MailboxServerDefaults> = Object.freeze({
  imapPort: 993,
  imapUseSsl: true,
  imapFolder: 'INBOX',
  smtpPort: 587,
  smtpUseSsl: false,
  smtpUseTls: true,
});

export const MAIL_SERVER_PRESET_KEYS = ['gmail', 'outlook', 'yahoo'] as const;
export type MailServerPresetKey = (typeof MAIL_SERVER_PRESET_KEYS)[number];

/** The hosts of the settings screen's quick presets; each goes with the default ports and TLS modes above. */
export const MAIL_SERVER_PRESETS: Readonly<Record<MailServerPresetKey, { imapHost: string; smtpHost: string }>> =
  Object.freeze({
    gmail: { imapHost: 'imap.gmail.com', smtpHost: 'smtp.gmail.com' },
    outlook: { imapHost: 'outlook.office365.com', smtpHost: 'smtp.office365.com' },
    yahoo: { imapHost: 'imap.mail.yahoo.com', smtpHost: 'smtp.mail.yahoo.com' },
  });

export const IMAP_SETTINGS_REQUIRED_MESSAGE = 'Please fill in all IMAP settings';
export const SMTP_SETTINGS_REQUIRED_MESSAGE = 'Please fill in all SMTP settings';
export const FROM_EMAIL_REQUIRED_MESSAGE = 'Please fill in the From Email address';
export const IMAP_PASSWORD_AGAIN_MESSAGE =
  'Enter the IMAP password again: the server, port, username, SSL or authentication changed.';
export const SMTP_PASSWORD_AGAIN_MESSAGE =
  'Enter the SMTP password again: the server, port, username, SSL/TLS or authentication changed.';

/** The fields a stored password is bound to: change one, and the password must be given again. */
type ImapEndpoint = { imapHost: string; imapPort: number; imapUsername: string; imapUseSsl: boolean; authType: string };
type SmtpEndpoint = {
  smtpHost: string;
  smtpPort: number;
  smtpUsername: string;
  smtpUseSsl: boolean;
  smtpUseTls: boolean;
  authType: string;
};

const sameHost = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

/**
 * Whether a stored password may be used with the next settings: only towards the same host, port, username, TLS
 * mode and authentication type (so a stored secret never follows a changed host). Checked on test and on save.
 */
export function storedPasswordFits(
  kind: 'imap' | 'smtp',
  stored: ImapEndpoint & SmtpEndpoint,
  next: ImapEndpoint & SmtpEndpoint,
): boolean {
  if (stored.authType !== next.authType) return false;
  if (kind === 'imap') {
    return (
      sameHost(stored.imapHost, next.imapHost) &&
      stored.imapPort === next.imapPort &&
      stored.imapUsername === next.imapUsername &&
      stored.imapUseSsl === next.imapUseSsl
    );
  }
  return (
    sameHost(stored.smtpHost, next.smtpHost) &&
    stored.smtpPort === next.smtpPort &&
    stored.smtpUsername === next.smtpUsername &&
    stored.smtpUseSsl === next.smtpUseSsl &&
    stored.smtpUseTls === next.smtpUseTls
  );
}

export const APPLY_RULES_TO_FIRST_SYNC_MESSAGE = 'applyRulesToFirstSync must be true or false';

const text = z
  .string()
  .nullish()
  .transform((value) => (value ?? '').trim());
const port = (fallback: number) =>
  z.coerce
    .number()
    .int()
    .min(1)
    .max(65535)
    .nullish()
    .transform((v) => v ?? fallback);
const flag = (fallback: boolean) =>
  z
    .boolean()
    .nullish()
    .transform((v) => v ?? fallback);

/**
 * The body of POST/PUT /api/email-server-config and POST /api/email-server-config/test. Missing values take
 * the defaults of a new configuration (DEFAULT_MAILBOX_SERVER; inactive).
 * An empty or absent password means "keep the stored one", which is only allowed while the server, port, username,
 * TLS mode and authentication stay the same (storedPasswordFits). Read-only fields of the answer are ignored.
 */
export const ZEmailServerConfigRequest = z.object({
  imapHost: text,
  imapPort: port(DEFAULT_MAILBOX_SERVER.imapPort),
  imapUsername: text,
  imapPassword: text,
  imapUseSsl: flag(DEFAULT_MAILBOX_SERVER.imapUseSsl),
  imapFolder: text.transform((value) => value || DEFAULT_MAILBOX_SERVER.imapFolder),
  imapFolders: z
    .array(z.string().trim().min(1).max(500))
    .max(100)
    .nullish()
    .transform((folders) => [...new Set(folders ?? [])]),
  smtpHost: text,
  smtpPort: port(DEFAULT_MAILBOX_SERVER.smtpPort),
  smtpUsername: text,
  smtpPassword: text,
  smtpUseSsl: flag(DEFAULT_MAILBOX_SERVER.smtpUseSsl),
  smtpUseTls: flag(DEFAULT_MAILBOX_SERVER.smtpUseTls),
  authType: z
    .enum(AUTH_TYPES)
    .nullish()
    .transform((v) => v ?? 'PASSWORD'),
  oauthProvider: z
    .enum(OAUTH_PROVIDERS)
    .nullish()
    .transform((v) => v ?? null),
  fromEmail: text,
  fromName: text,
  isActive: flag(false),
  /**
   * Whether the team's rules act on the old mail of the first synchronisation too (docs/rules.md). Absent or null
   * keeps the saved choice (a screen that does not show it cannot reset it); a new configuration starts with true.
   */
  applyRulesToFirstSync: z
    .boolean({ error: APPLY_RULES_TO_FIRST_SYNC_MESSAGE })
    .nullish()
    .transform((v) => v ?? null),
});
export type TEmailServerConfigRequest = z.infer<typeof ZEmailServerConfigRequest>;

/** Progress of a mailbox's first synchronisation (messages across its folders). */
export interface SyncProgress {
  total: number;
  done: number;
}

/** Where a team's mailbox is and how it is reached, without secrets: as the API returns it and its stream stores it. */
export interface MailboxConnection {
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
}

/** A team's email server configuration as GET answers it: passwords are never included, only whether one is set. */
export interface EmailServerConfig extends MailboxConnection {
  id: string;
  imapPasswordSet: boolean;
  smtpPasswordSet: boolean;
  /** True when OAuth2 tokens are stored (the tokens themselves are never returned). */
  oauthConnected?: boolean;
  /** Rules act on the old mail of the first synchronisation too (mail arriving later always goes through them). */
  applyRulesToFirstSync: boolean;
  lastSyncAt: string | null;
  lastError: string | null;
  lastErrorAt: string | null;
  syncProgress: SyncProgress | null;
}

/** A quarantined message as GET /email-server-config/quarantine lists it (ADMIN and MAINTAINER). */
export interface QuarantinedMessage {
  id: string;
  folder: string;
  uid: number;
  reason: string;
  /** Bytes, when known. */
  size: number | null;
  /** The raw source can be downloaded (GET /email-server-config/quarantine/{id}/raw). */
  hasSource: boolean;
  quarantinedAt: string;
  /** Times it was tried (the first import included). */
  attempts: number;
}
