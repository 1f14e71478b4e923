import {
  DEFAULT_MAILBOX_SERVER,
  MAIL_SERVER_PRESETS,
  type MailServerPresetKey,
  storedPasswordFits,
  type EmailServerConfig,
  type TEmailServerConfigRequest,
} from '@teaminbox/contracts';
import type { EmailServerConfigRequest } from '@teaminbox/api-client';

/** What the form edits: the configuration's fields plus the passwords the user typed (empty = keep). */
export type EmailServerConfigDraft = Omit<TEmailServerConfigRequest, 'applyRulesToFirstSync'> & {
  /** Shown on this screen, so always sent (the API keeps the saved choice only when a request leaves it out). */
  applyRulesToFirstSync: boolean;
};

/** A new configuration: the default server settings (DEFAULT_MAILBOX_SERVER), no hosts; inactive. */
export const NEW_CONFIG_DRAFT: EmailServerConfigDraft = {
  ...DEFAULT_MAILBOX_SERVER,
  imapHost: '',
  imapUsername: '',
  imapPassword: '',
  imapFolders: [],
  smtpHost: '',
  smtpUsername: '',
  smtpPassword: '',
  authType: 'PASSWORD',
  oauthProvider: null,
  fromEmail: '',
  fromName: '',
  isActive: false,
  applyRulesToFirstSync: true,
};

export type PresetKey = MailServerPresetKey;

/** Quick presets: each sets its hosts and the default ports and TLS modes (IMAP 993 with SSL, SMTP 587 with TLS). */
export const PRESETS = MAIL_SERVER_PRESETS;

export function presetFields(preset: PresetKey): Partial<EmailServerConfigDraft> {
  const { imapPort, imapUseSsl, smtpPort, smtpUseSsl, smtpUseTls } = DEFAULT_MAILBOX_SERVER;
  return { ...MAIL_SERVER_PRESETS[preset], imapPort, imapUseSsl, smtpPort, smtpUseSsl, smtpUseTls };
}

/** The form's values for a stored configuration: passwords never come back, they start empty. */
export function draftOf(config: EmailServerConfig): EmailServerConfigDraft {
  return {
    imapHost: config.imapHost ?? '',
    imapPort: config.imapPort ?? NEW_CONFIG_DRAFT.imapPort,
    imapUsername: config.imapUsername ?? '',
    imapPassword: '',
    imapUseSsl: Boolean(config.imapUseSsl),
    imapFolder: config.imapFolder || NEW_CONFIG_DRAFT.imapFolder,
    imapFolders: config.imapFolders ?? [],
    smtpHost: config.smtpHost ?? '',
    smtpPort: config.smtpPort ?? NEW_CONFIG_DRAFT.smtpPort,
    smtpUsername: config.smtpUsername ?? '',
    smtpPassword: '',
    smtpUseSsl: Boolean(config.smtpUseSsl),
    smtpUseTls: Boolean(config.smtpUseTls),
    authType: config.authType ?? 'PASSWORD',
    oauthProvider: config.oauthProvider ?? null,
    fromEmail: config.fromEmail ?? '',
    fromName: config.fromName ?? '',
    isActive: Boolean(config.isActive),
    applyRulesToFirstSync: config.applyRulesToFirstSync ?? true,
  };
}

/** The body of a create, update or test: a password only when one was typed. */
export function requestOf(draft: EmailServerConfigDraft): EmailServerConfigRequest {
  const { imapPassword, smtpPassword, ...fields } = draft;
  return {
    ...fields,
    oauthProvider: fields.authType === 'OAUTH2' ? fields.oauthProvider : null,
    ...(imapPassword ? { imapPassword } : {}),
    ...(smtpPassword ? { smtpPassword } : {}),
  };
}

export type ValidationKey =
  'imapRequired' | 'smtpRequired' | 'fromEmailRequired' | 'imapPasswordAgain' | 'smtpPasswordAgain';

/**
 * Whether the stored password of that kind still applies to the draft: one is stored and the draft keeps its host,
 * port, username, TLS mode and authentication (the server refuses to use it otherwise).
 */
export function storedPasswordUsable(
  kind: 'imap' | 'smtp',
  draft: EmailServerConfigDraft,
  stored: EmailServerConfig | null,
): boolean {
  if (!stored || !(kind === 'imap' ? stored.imapPasswordSet : stored.smtpPasswordSet)) return false;
  return storedPasswordFits(kind, stored, draft);
}

/**
 * The checks before a test or a save, in the spec's order. A password is needed unless the
 * authentication is OAuth2; one already stored counts as filled while the server settings stay the same.
 */
export function validateDraft(draft: EmailServerConfigDraft, stored: EmailServerConfig | null): ValidationKey | null {
  const oauth = draft.authType === 'OAUTH2';
  const filled = (value: string) => value.trim() !== '';
  if (!filled(draft.imapHost) || !filled(draft.imapUsername)) return 'imapRequired';
  if (!oauth && !filled(draft.imapPassword) && !storedPasswordUsable('imap', draft, stored)) {
    return stored?.imapPasswordSet ? 'imapPasswordAgain' : 'imapRequired';
  }
  if (!filled(draft.smtpHost) || !filled(draft.smtpUsername)) return 'smtpRequired';
  if (!oauth && !filled(draft.smtpPassword) && !storedPasswordUsable('smtp', draft, stored)) {
    return stored?.smtpPasswordSet ? 'smtpPasswordAgain' : 'smtpRequired';
  }
  if (!filled(draft.fromEmail)) return 'fromEmailRequired';
  return null;
}

/** Which inputs are locked while editing (outside editing every input is). */
export interface FieldLocks {
  /** IMAP and SMTP host, port, username and SSL/TLS: OAuth2 with Google. */
  server: boolean;
  /** Both passwords: any OAuth2. */
  passwords: boolean;
  /** From email: OAuth2 and one already stored (it is the signed-in account). */
  fromEmail: boolean;
}

export function fieldLocks(draft: EmailServerConfigDraft, stored: EmailServerConfig | null): FieldLocks {
  const oauth = draft.authType === 'OAUTH2';
  return {
    server: oauth && draft.oauthProvider === 'GOOGLE',
    passwords: oauth,
    fromEmail: oauth && Boolean(stored?.fromEmail),
  };
}
