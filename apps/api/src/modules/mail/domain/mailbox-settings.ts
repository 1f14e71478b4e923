import {
  type EmailServerConfig,
  FROM_EMAIL_REQUIRED_MESSAGE,
  IMAP_SETTINGS_REQUIRED_MESSAGE,
  type MailboxSettings,
  SMTP_SETTINGS_REQUIRED_MESSAGE,
  type SyncProgress,
  type TEmailServerConfigRequest,
} from '@teaminbox/contracts';

export const mailboxStreamId = (teamId: string) => `mailbox-${teamId}`;

/** Plain passwords as a request brings them; empty means "keep the stored one". */
export interface PlainPasswords {
  imapPassword: string;
  smtpPassword: string;
}

/**
 * The spec's checks before test or save, on the merged configuration: host and username of IMAP and SMTP,
 * their passwords unless OAuth2, and the From address. Returns the first failing message, or null.
 */
export function validationMessage(
  request: TEmailServerConfigRequest,
  passwordSet: { imap: boolean; smtp: boolean },
): string | null {
  const oauth = request.authType === 'OAUTH2';
  if (!request.imapHost || !request.imapUsername || (!oauth && !passwordSet.imap))
    return IMAP_SETTINGS_REQUIRED_MESSAGE;
  if (!request.smtpHost || !request.smtpUsername || (!oauth && !passwordSet.smtp))
    return SMTP_SETTINGS_REQUIRED_MESSAGE;
  if (!request.fromEmail) return FROM_EMAIL_REQUIRED_MESSAGE;
  return null;
}

/**
 * The settings to store: the request's values, passwords sealed by `seal`, or the previous sealed ones when empty;
 * the first-sync choice of the rules kept when the request leaves it out.
 */
export function settingsFromRequest(
  configId: string,
  request: TEmailServerConfigRequest,
  previous: MailboxSettings | null,
  seal: (plain: string) => string,
): MailboxSettings {
  return {
    configId,
    imapHost: request.imapHost,
    imapPort: request.imapPort,
    imapUsername: request.imapUsername,
    imapUseSsl: request.imapUseSsl,
    imapFolder: request.imapFolder,
    imapFolders: request.imapFolders,
    smtpHost: request.smtpHost,
    smtpPort: request.smtpPort,
    smtpUsername: request.smtpUsername,
    smtpUseSsl: request.smtpUseSsl,
    smtpUseTls: request.smtpUseTls,
    authType: request.authType,
    oauthProvider: request.oauthProvider,
    fromEmail: request.fromEmail,
    fromName: request.fromName,
    isActive: request.isActive,
    applyRulesToFirstSync: request.applyRulesToFirstSync ?? previous?.applyRulesToFirstSync ?? true,
    imapPasswordSealed: request.imapPassword ? seal(request.imapPassword) : (previous?.imapPasswordSealed ?? null),
    smtpPasswordSealed: request.smtpPassword ? seal(request.smtpPassword) : (previous?.smtpPasswordSealed ?? null),
    // OAuth2 tokens come only from the consent flow; a save keeps them while the same provider stays selected.
    ...(request.authType === 'OAUTH2' && previous?.oauth && previous.oauthProvider === request.oauthProvider
      ? { oauth: previous.oauth }
      : {}),
  };
}

/** Every folder the worker syncs: the selected ones, else the single folder (INBOX by default). */
export function foldersToSync(settings: Pick<MailboxSettings, 'imapFolder' | 'imapFolders'>): string[] {
  return settings.imapFolders.length > 0 ? settings.imapFolders : [settings.imapFolder || 'INBOX'];
}

export interface MailboxStatusRow {
  lastSyncAt: Date | null;
  lastError: string | null;
  lastErrorAt: Date | null;
  syncProgress: SyncProgress | null;
}

/** The GET answer: never a password, only whether one is set. */
export function toConfigDto(settings: MailboxSettings, status: MailboxStatusRow | null): EmailServerConfig {
  return {
    id: settings.configId,
    imapHost: settings.imapHost,
    imapPort: settings.imapPort,
    imapUsername: settings.imapUsername,
    imapPasswordSet: settings.imapPasswordSealed !== null,
    imapUseSsl: settings.imapUseSsl,
    imapFolder: settings.imapFolder,
    imapFolders: settings.imapFolders,
    smtpHost: settings.smtpHost,
    smtpPort: settings.smtpPort,
    smtpUsername: settings.smtpUsername,
    smtpPasswordSet: settings.smtpPasswordSealed !== null,
    smtpUseSsl: settings.smtpUseSsl,
    smtpUseTls: settings.smtpUseTls,
    authType: settings.authType,
    oauthProvider: settings.oauthProvider,
    oauthConnected: settings.authType === 'OAUTH2' && Boolean(settings.oauth),
    fromEmail: settings.fromEmail,
    fromName: settings.fromName,
    isActive: settings.isActive,
    applyRulesToFirstSync: settings.applyRulesToFirstSync ?? true,
    lastSyncAt: status?.lastSyncAt?.toISOString() ?? null,
    lastError: status?.lastError ?? null,
    lastErrorAt: status?.lastErrorAt?.toISOString() ?? null,
    syncProgress: status?.syncProgress ?? null,
  };
}
