import { Inject, Injectable, Logger } from '@nestjs/common';
import { DEFAULT_MAILBOX_SERVER, type MailboxSettings, type OAuthProvider } from '@teaminbox/contracts';
import { DataSource } from 'typeorm';
import { v7 as uuidv7 } from 'uuid';
import { type TeamCaller, UserSessions } from '../../../../platform/auth';
import { APP_CONFIG, type AppConfig } from '../../../../platform/config/app-config';
import { SecretBox } from '../../../../platform/crypto';
import { DomainError, ReadYourWrites } from '../../../../platform/event-sourcing';
import { MailboxSupervisor } from '../imap/mailbox-supervisor';
import { MAILBOX_MANAGERS } from '../../http/mailbox-team';
import { MAILBOX_CONFIG_PROJECTION } from '../../projections/mailbox-config.projection';
import { describe, MailboxOAuthTokens } from './mailbox-oauth-tokens';
import {
  authorizationUrl,
  emailFromClaims,
  exchangeCode,
  hashState,
  newConsentSecrets,
  OAUTH_CALLBACK_PATH,
  OAUTH_RETURN_PATH,
  OAUTH_STATE_TTL_MS,
  OAuthTokenError,
  oauthMailHosts,
  providerConfig,
  randomToken,
} from './oauth-providers';

export const OAUTH_NOT_CONFIGURED_MESSAGE = 'OAuth2 sign-in with this provider is not configured on the server.';

interface StateRow {
  team_id: string;
  user_id: string;
  provider: OAuthProvider;
  verifier_sealed: string;
  expires_at: Date;
  binding_hash: string | null;
}

/** The provider's redirect back: its query parameters as the callback received them. */
export type OAuthCallbackQuery = Record<string, unknown>;

/**
 * The mailbox OAuth2 consent: hands out the provider's authorization URL (PKCE S256, single-use `state`
 * stored hashed for ten minutes), then completes the callback by exchanging the code and storing the
 * tokens sealed in the team's mailbox settings together with the provider's server presets. The protocol
 * (PKCE, the redirect's check, the code exchange and the answer's validation) is the oauth4webapi library's.
 */
@Injectable()
export class MailOAuthService {
  private readonly logger = new Logger(MailOAuthService.name);

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly db: DataSource,
    private readonly box: SecretBox,
    private readonly sessions: UserSessions,
    private readonly tokens: MailboxOAuthTokens,
    private readonly readYourWrites: ReadYourWrites,
    private readonly supervisor: MailboxSupervisor,
  ) {}

  get redirectUri(): string {
    return `${this.config.publicUrl}${OAUTH_CALLBACK_PATH}`;
  }

  returnUrl(outcome: 'success' | 'error'): string {
    return `${this.config.publicUrl}${OAUTH_RETURN_PATH}?oauth=${outcome}`;
  }

  /**
   * The provider's consent URL, and the browser binding: a random value the caller puts in an HttpOnly cookie and
   * whose hash is stored with the state, so that only the browser that asked can complete the consent.
   */
  async authorizationUrl(
    { teamId, userId }: TeamCaller,
    provider: OAuthProvider,
  ): Promise<{ url: string; binding: string }> {
    const app = providerConfig(this.config.oauth, provider);
    if (!app) throw new DomainError('invalid', OAUTH_NOT_CONFIGURED_MESSAGE);
    const { state, verifier } = newConsentSecrets();
    const binding = randomToken();
    await this.db.query('DELETE FROM mail_oauth_state WHERE expires_at < now()');
    await this.db.query(
      `INSERT INTO mail_oauth_state (state_hash, team_id, user_id, provider, verifier_sealed, expires_at, binding_hash)
       VALUES ($1, $2, $3, $4, $5, $6, $7)`,
      [
        hashState(state),
        teamId,
        userId,
        provider,
        this.box.seal(verifier),
        new Date(Date.now() + OAUTH_STATE_TTL_MS),
        hashState(binding),
      ],
    );
    return { url: await authorizationUrl(provider, app, { redirectUri: this.redirectUri, state, verifier }), binding };
  }

  /**
   * Completes a consent from the browser that asked for it (`binding`, from its cookie); returns where to send the
   * browser. Never throws: failures log and answer ?oauth=error.
   */
  async complete(query: OAuthCallbackQuery, binding: string | undefined): Promise<string> {
    try {
      await this.exchange(query, binding);
      return this.returnUrl('success');
    } catch (error) {
      this.logger.warn(`Mailbox OAuth2 callback failed: ${describe(error)}`);
      return this.returnUrl('error');
    }
  }

  private async exchange(query: OAuthCallbackQuery, binding: string | undefined): Promise<void> {
    const state = query.state;
    if (typeof state !== 'string' || !state) throw new OAuthTokenError('The callback has no state.');
    // Consumed whatever happens next: a state works once.
    const result: unknown = await this.db.query(
      `DELETE FROM mail_oauth_state WHERE state_hash = $1
       RETURNING team_id, user_id, provider, verifier_sealed, expires_at, binding_hash`,
      [hashState(state)],
    );
    // TypeORM answers a DELETE ... RETURNING with [rows, affected count].
    const rows = (Array.isArray(result) && Array.isArray(result[0]) ? result[0] : result) as StateRow[];
    const row = rows[0];
    if (!row) throw new OAuthTokenError('Unknown or already used state.');
    if (new Date(row.expires_at).getTime() < Date.now()) throw new OAuthTokenError('Expired state.');
    if (!binding || !row.binding_hash || hashState(binding) !== row.binding_hash) {
      throw new OAuthTokenError('The consent was started in another browser.');
    }
    // The user may have left the team or lost the role since the consent began.
    const session = await this.sessions.sessionOf(row.user_id);
    if (session?.teamId !== row.team_id || !session.role || !MAILBOX_MANAGERS.includes(session.role)) {
      throw new OAuthTokenError("The user may no longer change this team's mailbox.");
    }
    const provider = row.provider;
    const app = providerConfig(this.config.oauth, provider);
    if (!app) throw new OAuthTokenError('The provider is not configured.');

    // The library checks the redirect (the provider's error, the state), exchanges the code with the verifier and
    // validates the answer and its id_token.
    const tokens = await exchangeCode(app, {
      callback: callbackParameters(query),
      expectedState: state,
      redirectUri: this.redirectUri,
      verifier: this.box.open(row.verifier_sealed),
    });
    if (!tokens.refreshToken) throw new OAuthTokenError('The provider issued no refresh token.');
    const email = emailFromClaims(tokens.idTokenClaims);
    if (!email) throw new OAuthTokenError('The provider did not tell the mailbox address.');

    const oauth = {
      refreshTokenSealed: this.box.seal(tokens.refreshToken),
      accessTokenSealed: this.box.seal(tokens.accessToken),
      accessTokenExpiresAt: new Date(Date.now() + tokens.expiresInSeconds * 1000).toISOString(),
    };
    const hosts = oauthMailHosts(this.config.oauth, provider);
    const { position } = await this.tokens.updateSettings(row.team_id, row.user_id, (previous) => {
      const base: MailboxSettings = previous ?? {
        configId: uuidv7(),
        ...DEFAULT_MAILBOX_SERVER,
        imapHost: '',
        imapUsername: '',
        imapFolders: [],
        smtpHost: '',
        smtpUsername: '',
        authType: 'PASSWORD',
        oauthProvider: null,
        fromEmail: '',
        fromName: '',
        isActive: false,
        applyRulesToFirstSync: true,
        imapPasswordSealed: null,
        smtpPasswordSealed: null,
      };
      return {
        ...base,
        imapHost: hosts.imap,
        imapPort: DEFAULT_MAILBOX_SERVER.imapPort,
        imapUseSsl: DEFAULT_MAILBOX_SERVER.imapUseSsl,
        imapUsername: email,
        smtpHost: hosts.smtp,
        smtpPort: DEFAULT_MAILBOX_SERVER.smtpPort,
        smtpUseSsl: DEFAULT_MAILBOX_SERVER.smtpUseSsl,
        smtpUseTls: DEFAULT_MAILBOX_SERVER.smtpUseTls,
        smtpUsername: email,
        authType: 'OAUTH2',
        oauthProvider: provider,
        fromEmail: base.fromEmail || email,
        oauth,
      };
    });
    if (position) {
      await this.readYourWrites.waitFor(position, [MAILBOX_CONFIG_PROJECTION]);
      await this.supervisor.reload(row.team_id);
    }
  }
}

/** The callback's query as URL parameters; a repeated or non-text parameter is refused. */
function callbackParameters(query: OAuthCallbackQuery): URLSearchParams {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (typeof value !== 'string')
      throw new OAuthTokenError(`The callback's parameter ${key.slice(0, 40)} is invalid.`);
    params.set(key, value);
  }
  return params;
}
