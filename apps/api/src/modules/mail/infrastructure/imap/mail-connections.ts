import { Inject, Injectable } from '@nestjs/common';
import type { MailboxSettings } from '@teaminbox/contracts';
import { ImapFlow } from 'imapflow';
import { createTransport, type Transporter } from 'nodemailer';
import { APP_CONFIG, type AppConfig, DEFAULT_MAX_MESSAGE_BYTES } from '../../../../platform/config/app-config';
import { SecretBox } from '../../../../platform/crypto';
import {
  hostGuardOf,
  MailHostNotAllowedError,
  MailHostUnresolvedError,
  resolveMailHost,
} from '../../../../platform/net';
import { MailboxOAuthTokens } from '../oauth/mailbox-oauth-tokens';
import { assertProviderHost } from '../oauth/oauth-providers';

export const CONNECT_TIMEOUT_MS = 10_000;

/** The last 'error' event of each client: what ended the connection when a pending command only says "closed". */
const lastErrors = new WeakMap<ImapFlow, unknown>();
export const lastImapError = (client: ImapFlow): unknown => lastErrors.get(client);

export interface ImapClientOptions {
  /** Milliseconds after a command before IDLE starts (small, so new mail is seen quickly). */
  autoIdleDelay?: number;
}

/**
 * Opens connections to a team's mail servers. Every host goes through the SSRF guard first: it is resolved
 * once and the connection goes to that address, with the configured name as TLS servername.
 */
@Injectable()
export class MailConnections {
  private readonly maxMessageBytes: number;

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly box: SecretBox,
    private readonly oauthTokens: MailboxOAuthTokens,
  ) {
    this.maxMessageBytes = config.mailMaxMessageBytes ?? DEFAULT_MAX_MESSAGE_BYTES;
  }

  async connectImap(settings: MailboxSettings, options: ImapClientOptions = {}): Promise<ImapFlow> {
    if (settings.authType === 'OAUTH2') {
      assertProviderHost(this.config.oauth, settings.oauthProvider, 'imap', settings.imapHost);
    }
    const target = await resolveMailHost(settings.imapHost, hostGuardOf(this.config));
    const client = new ImapFlow({
      host: target.address,
      port: settings.imapPort,
      secure: settings.imapUseSsl,
      servername: target.servername,
      auth:
        settings.authType === 'OAUTH2'
          ? { user: settings.imapUsername, accessToken: await this.oauthTokens.accessToken(settings) }
          : { user: settings.imapUsername, pass: this.open(settings.imapPasswordSealed) },
      logger: false,
      connectionTimeout: CONNECT_TIMEOUT_MS,
      greetingTimeout: CONNECT_TIMEOUT_MS,
      socketTimeout: 5 * 60_000,
      // A server cannot make the client hold more than one message's limit: a larger literal ends the connection
      // at its announcement, before a byte of it is read (sources are fetched as BODY.PEEK[]<0.limit+1>).
      maxLiteralSize: this.maxMessageBytes + 1,
      maxResponseSize: this.maxMessageBytes + 1024 * 1024,
      maxLineLength: Math.max(this.maxMessageBytes, 16 * 1024 * 1024),
      autoIdleDelay: options.autoIdleDelay ?? 50,
      missingIdleCommand: 'NOOP',
      tls: { servername: target.servername },
    });
    // Errors also reject the pending command; this keeps an 'error' event from crashing the process.
    client.on('error', (error: unknown) => lastErrors.set(client, error));
    try {
      await client.connect();
    } catch (error) {
      client.close();
      throw error;
    }
    return client;
  }

  /** Paths of every folder of the mailbox. */
  async listFolders(settings: MailboxSettings): Promise<string[]> {
    const client = await this.connectImap(settings);
    try {
      return (await client.list()).map((folder) => folder.path);
    } finally {
      await client.logout().catch(() => client.close());
    }
  }

  async verifySmtp(settings: MailboxSettings): Promise<void> {
    const transport = await this.smtpTransport(settings);
    try {
      await transport.verify();
    } finally {
      transport.close();
    }
  }

  /**
   * A transport to the mailbox's SMTP server (its host passed by the mail host guard, with the mailbox's credentials);
   * the caller closes it. `socketTimeoutMs`: how long the server may stay silent once connected.
   */
  async smtpTransport(settings: MailboxSettings, socketTimeoutMs = CONNECT_TIMEOUT_MS): Promise<Transporter> {
    const target = await resolveMailHost(settings.smtpHost, hostGuardOf(this.config));
    return createTransport({
      host: target.address,
      port: settings.smtpPort,
      secure: settings.smtpUseSsl,
      requireTLS: settings.smtpUseTls && !settings.smtpUseSsl,
      ignoreTLS: !settings.smtpUseTls && !settings.smtpUseSsl,
      auth: await this.smtpAuth(settings),
      tls: { servername: target.servername ?? settings.smtpHost },
      connectionTimeout: CONNECT_TIMEOUT_MS,
      greetingTimeout: CONNECT_TIMEOUT_MS,
      socketTimeout: socketTimeoutMs,
      logger: false,
    });
  }

  /**
   * SMTP credentials: XOAUTH2 with a fresh access token for OAUTH2 mailboxes, else the opened password
   * (undefined when none is set).
   */
  async smtpAuth(
    settings: MailboxSettings,
  ): Promise<{ user: string; pass: string } | { type: 'OAuth2'; user: string; accessToken: string } | undefined> {
    if (settings.authType === 'OAUTH2') {
      assertProviderHost(this.config.oauth, settings.oauthProvider, 'smtp', settings.smtpHost);
      return { type: 'OAuth2', user: settings.smtpUsername, accessToken: await this.oauthTokens.accessToken(settings) };
    }
    return settings.smtpPasswordSealed === null
      ? undefined
      : { user: settings.smtpUsername, pass: this.open(settings.smtpPasswordSealed) };
  }

  private open(sealed: string | null): string {
    return sealed === null ? '' : this.box.open(sealed);
  }
}

/**
 * A message about a connection failure that is safe to show and log: the guard's own texts, the server's
 * answer to a failed login, or the error code; never a password (any occurrence of a secret is masked).
 */
export function describeMailError(error: unknown, secrets: string[] = []): string {
  if (error instanceof MailHostNotAllowedError || error instanceof MailHostUnresolvedError) return error.message;
  const e = error as { authenticationFailed?: boolean; code?: string; responseText?: string; message?: string };
  let message: string;
  if (e?.authenticationFailed || e?.code === 'EAUTH')
    message = 'Authentication failed: check the username and password.';
  else if (e?.code === 'ETIMEDOUT' || e?.code === 'CONNECT_TIMEOUT' || e?.code === 'GREETING_TIMEOUT')
    message = 'The mail server did not answer in time.';
  else if (e?.code === 'ECONNREFUSED') message = 'The mail server refused the connection.';
  else message = e?.responseText || e?.message || 'Unknown error';
  for (const secret of secrets) if (secret) message = message.split(secret).join('***');
  return message;
}
