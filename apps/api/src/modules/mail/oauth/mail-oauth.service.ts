import { Inject, Injectable, Logger } from '@nestjs/common';
import type { MailboxSettings, OAuthProvider } from '@teaminbox/contracts';
import { DataSource } from 'typeorm';
import { v7 as uuidv7 } from 'uuid';
import type { TeamCaller } from '../../../platform/auth';
import { APP_CONFIG, type AppConfig } from '../../../platform/config/app-config';
import { SecretBox } from '../../../platform/crypto';
import { DomainError, ReadYourWrites } from '../../../platform/event-sourcing';
import { MailboxSupervisor } from '../ingestion/mailbox-supervisor';
import { MAILBOX_CONFIG_PROJECTION } from '../projections/mailbox-config.projection';
import { describe, MailboxOAuthTokens } from './mailbox-oauth-tokens';
import {
  authorizationUrl,
  emailFromIdToken,
  hashState,
  OAUTH_CALLBACK_PATH,
  OAUTH_PROFILES,
  OAUTH_RETURN_PATH,
  OAUTH_STATE_TTL_MS,
  OAuthTokenError,
  providerConfig,
  randomToken,
  requestToken,
} from './oauth-providers';

export const OAUTH_NOT_CONFIGURED_MESSAGE = 'OAuth2 sign-in with this provider is not configured on the server.';

interface StateRow {
  team_id: string;
  user_id: string;
  provider: OAuthProvider;
  verifier_sealed: string;
  expires_at: Date;
}

/**
 * The mailbox OAuth2 consent: hands out the provider's authorization URL (PKCE S256, single-use `state`
 * stored hashed for ten minutes), then completes the callback by exchanging the code and storing the
 * tokens sealed in the team's mailbox settings together with the provider's server presets.
 */
@Injectable()
export class MailOAuthService {
  private readonly logger = new Logger(MailOAuthService.name);

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly db: DataSource,
    private readonly box: SecretBox,
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

  async authorizationUrl({ teamId, userId }: TeamCaller, provider: OAuthProvider): Promise<string> {
    const app = providerConfig(this.config.oauth, provider);
    if (!app) throw new DomainError('invalid', OAUTH_NOT_CONFIGURED_MESSAGE);
    const state = randomToken();
    const verifier = randomToken();
    await this.db.query('DELETE FROM mail_oauth_state WHERE expires_at < now()');
    await this.db.query(
      `INSERT INTO mail_oauth_state (state_hash, team_id, user_id, provider, verifier_sealed, expires_at)
       VALUES ($1, $2, $3, $4, $5, $6)`,
      [hashState(state), teamId, userId, provider, this.box.seal(verifier), new Date(Date.now() + OAUTH_STATE_TTL_MS)],
    );
    return authorizationUrl(provider, app, { redirectUri: this.redirectUri, state, verifier });
  }

  /** Completes a consent; returns where to send the browser. Never throws: failures log and answer ?oauth=error. */
  async complete(query: { code?: unknown; state?: unknown; error?: unknown }): Promise<string> {
    try {
      await this.exchange(query);
      return this.returnUrl('success');
    } catch (error) {
      this.logger.warn(`Mailbox OAuth2 callback failed: ${describe(error)}`);
      return this.returnUrl('error');
    }
  }

  private async exchange(query: { code?: unknown; state?: unknown; error?: unknown }): Promise<void> {
    if (typeof query.state !== 'string' || !query.state) throw new OAuthTokenError('The callback has no state.');
    // Consumed whatever happens next: a state works once.
    const result: unknown = await this.db.query(
      `DELETE FROM mail_oauth_state WHERE state_hash = $1
       RETURNING team_id, user_id, provider, verifier_sealed, expires_at`,
      [hashState(query.state)],
    );
    // TypeORM answers a DELETE ... RETURNING with [rows, affected count].
    const rows = (Array.isArray(result) && Array.isArray(result[0]) ? result[0] : result) as StateRow[];
    const row = rows[0];
    if (!row) throw new OAuthTokenError('Unknown or already used state.');
    if (new Date(row.expires_at).getTime() < Date.now()) throw new OAuthTokenError('Expired state.');
    if (typeof query.error === 'string') {
      throw new OAuthTokenError(
        `The provider refused the consent (${query.error.replace(/[^\w.-]/g, '').slice(0, 60)}).`,
      );
    }
    if (typeof query.code !== 'string' || !query.code) throw new OAuthTokenError('The callback has no code.');
    const provider = row.provider;
    const app = providerConfig(this.config.oauth, provider);
    if (!app) throw new OAuthTokenError('The provider is not configured.');

    const tokens = await requestToken(app, {
      grant_type: 'authorization_code',
      code: query.code,
      redirect_uri: this.redirectUri,
      code_verifier: this.box.open(row.verifier_sealed),
    });
    if (!tokens.refreshToken) throw new OAuthTokenError('The provider issued no refresh token.');
    const email = emailFromIdToken(tokens.idToken);
    if (!email) throw new OAuthTokenError('The provider did not tell the mailbox address.');

    const oauth = {
      refreshTokenSealed: this.box.seal(tokens.refreshToken),
      accessTokenSealed: this.box.seal(tokens.accessToken),
      accessTokenExpiresAt: new Date(Date.now() + tokens.expiresInSeconds * 1000).toISOString(),
    };
    const profile = OAUTH_PROFILES[provider];
    const { position } = await this.tokens.updateSettings(row.team_id, row.user_id, (previous) => {
      const base: MailboxSettings = previous ?? {
        configId: uuidv7(),
        imapHost: '',
        imapPort: 993,
        imapUsername: '',
        imapUseSsl: true,
        imapFolder: 'INBOX',
        imapFolders: [],
        smtpHost: '',
        smtpPort: 587,
        smtpUsername: '',
        smtpUseSsl: false,
        smtpUseTls: true,
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
        imapHost: profile.imapHost,
        imapPort: profile.imapPort,
        imapUseSsl: profile.imapUseSsl,
        imapUsername: email,
        smtpHost: profile.smtpHost,
        smtpPort: profile.smtpPort,
        smtpUseSsl: profile.smtpUseSsl,
        smtpUseTls: profile.smtpUseTls,
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
