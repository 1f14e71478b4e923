import type { MailboxConnection } from './email-server-config.schemas';

/** A configuration as the `mailbox-<teamId>` stream stores it: secrets only as sealed (encrypted) strings. */
export interface MailboxSettings extends MailboxConnection {
  configId: string;
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

/**
 * A message that could not be parsed or stored (or was over the size limit, or came without content); its raw
 * source is kept in raw_message when it was received, and it never blocks the mailbox. Appended again with the new
 * reason when a retry fails.
 */
export interface EmailQuarantined {
  emailId: string;
  teamId: string;
  folder: string;
  uid: number;
  error: string;
  /** The folder's UIDVALIDITY (decimal), to fetch the message again; absent in older events. */
  uidValidity?: string;
  /** Bytes received, or the size the server reported when the message was not fetched. */
  size?: number;
  /** False when no source was stored (too large, or the server sent none): a retry fetches it again. */
  hasSource?: boolean;
}

/** A quarantined message was retried and is now in the inbox (or was found there already: `duplicate`). */
export interface EmailReleasedFromQuarantine {
  emailId: string;
  teamId: string;
  duplicate: boolean;
}

/**
 * A change of the team's mailbox configuration, for the team's history: who (the event's actor), what changed
 * (field names with old and new values; secrets only as `changed`), never a password or token.
 */
export interface MailboxConfigChanged {
  teamId: string;
  changes: {
    field: string;
    from?: string | number | boolean | string[] | null;
    to?: string | number | boolean | string[] | null;
  }[];
}

/** Events of the mail context; appended to the store directly (not part of DomainEventMap's cqrs bus). */
export interface MailEventMap {
  MailboxConfigured: MailboxConfigured;
  MailboxConfigUpdated: MailboxConfigUpdated;
  MailboxConfigChanged: MailboxConfigChanged;
  EmailQuarantined: EmailQuarantined;
  EmailReleasedFromQuarantine: EmailReleasedFromQuarantine;
}
export type MailEventType = keyof MailEventMap;
