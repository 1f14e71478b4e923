import {
  type EmailServerConfig,
  FROM_EMAIL_REQUIRED_MESSAGE,
  IMAP_PASSWORD_AGAIN_MESSAGE,
  IMAP_SETTINGS_REQUIRED_MESSAGE,
  type MailboxSettings,
  SMTP_PASSWORD_AGAIN_MESSAGE,
  SMTP_SETTINGS_REQUIRED_MESSAGE,
  storedPasswordFits,
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
 * Which stored passwords the request may use: one is kept only while the request leaves its host, port, username,
 * TLS mode and authentication as stored (storedPasswordFits); otherwise the request must carry the password.
 */
export function reusablePasswords(
  request: TEmailServerConfigRequest,
  previous: MailboxSettings | null,
): { imap: boolean; smtp: boolean } {
  return {
    imap: Boolean(previous?.imapPasswordSealed) && storedPasswordFits('imap', previous as MailboxSettings, request),
    smtp: Boolean(previous?.smtpPasswordSealed) && storedPasswordFits('smtp', previous as MailboxSettings, request),
  };
}

/**
 * The spec's checks before test or save, on the merged configuration: host and username of IMAP and SMTP,
 * their passwords unless OAuth2, and the From address. A stored password that no longer fits (host, port,
 * username, TLS or authentication changed) asks for the password again. Returns the first failing message, or null.
 */
export function validationMessage(request: TEmailServerConfigRequest, previous: MailboxSettings | null): string | null {
  const oauth = request.authType === 'OAUTH2';
  const reusable = reusablePasswords(request, previous);
  const imapPassword = Boolean(request.imapPassword) || reusable.imap;
  const smtpPassword = Boolean(request.smtpPassword) || reusable.smtp;
  if (!request.imapHost || !request.imapUsername) return IMAP_SETTINGS_REQUIRED_MESSAGE;
  if (!oauth && !imapPassword) {
    return previous?.imapPasswordSealed ? IMAP_PASSWORD_AGAIN_MESSAGE : IMAP_SETTINGS_REQUIRED_MESSAGE;
  }
  if (!request.smtpHost || !request.smtpUsername) return SMTP_SETTINGS_REQUIRED_MESSAGE;
  if (!oauth && !smtpPassword) {
    return previous?.smtpPasswordSealed ? SMTP_PASSWORD_AGAIN_MESSAGE : SMTP_SETTINGS_REQUIRED_MESSAGE;
  }
  if (!request.fromEmail) return FROM_EMAIL_REQUIRED_MESSAGE;
  return null;
}

/**
 * The settings to store: the request's values, passwords sealed by `seal`, or the previous sealed ones when empty
 * and still bound to the same server (see reusablePasswords); OAuth2 tokens only while the provider and its
 * servers stay (see oauthTokensFit); the first-sync choice of the rules kept when the request leaves it out.
 */
export function settingsFromRequest(
  configId: string,
  request: TEmailServerConfigRequest,
  previous: MailboxSettings | null,
  seal: (plain: string) => string,
): MailboxSettings {
  const reusable = reusablePasswords(request, previous);
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
    imapPasswordSealed: request.imapPassword
      ? seal(request.imapPassword)
      : reusable.imap
        ? (previous?.imapPasswordSealed ?? null)
        : null,
    smtpPasswordSealed: request.smtpPassword
      ? seal(request.smtpPassword)
      : reusable.smtp
        ? (previous?.smtpPasswordSealed ?? null)
        : null,
    // OAuth2 tokens come only from the consent flow; a save keeps them while the same provider and its servers stay.
    ...(request.authType === 'OAUTH2' &&
    previous?.oauth &&
    previous.oauthProvider === request.oauthProvider &&
    sameServers(previous, request)
      ? { oauth: previous.oauth }
      : {}),
  };
}

const sameServers = (a: MailboxSettings, b: TEmailServerConfigRequest) =>
  a.imapHost.toLowerCase() === b.imapHost.toLowerCase() && a.smtpHost.toLowerCase() === b.smtpHost.toLowerCase();

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
