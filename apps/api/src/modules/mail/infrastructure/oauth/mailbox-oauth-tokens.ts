import { Inject, Injectable, Logger } from '@nestjs/common';
import type { MailboxSettings } from '@teaminbox/contracts';
import { DataSource } from 'typeorm';
import { APP_CONFIG, type AppConfig } from '../../../../platform/config/app-config';
import { SecretBox } from '../../../../platform/crypto';
import type { Position } from '../../../../platform/event-store/event-store.port';
import { EventSourcedRepository } from '../../../../platform/event-sourcing';
import { RequestContext } from '../../../../platform/request-context';
import { mailboxDecider } from '../../domain/mailbox.decider';
import { mailboxStreamId } from '../../domain/mailbox-settings';
import { OAUTH_REFRESH_MARGIN_MS, OAuthTokenError, providerConfig, refreshTokens } from './oauth-providers';

/**
 * OAuth2 tokens of team mailboxes: writes settings changes to the `mailbox-<teamId>` stream (tokens only
 * sealed) and hands out a valid access token, refreshing it first when it expires within a minute.
 */
@Injectable()
export class MailboxOAuthTokens {
  private readonly logger = new Logger(MailboxOAuthTokens.name);

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly repository: EventSourcedRepository,
    private readonly box: SecretBox,
    private readonly db: DataSource,
  ) {}

  /**
   * Appends the settings `update` derives from the current ones (null when none yet); retried on a
   * concurrent append. Returns the stored settings and the position to wait for (null when unchanged).
   */
  async updateSettings(
    teamId: string,
    actorUserId: string | null,
    update: (previous: MailboxSettings | null) => MailboxSettings,
  ): Promise<{ settings: MailboxSettings; position: Position | null }> {
    let settings: MailboxSettings | undefined;
    const decide = () =>
      this.repository.decide(
        mailboxStreamId(teamId),
        mailboxDecider,
        (state) => {
          settings = update(state.status === 'configured' ? state.settings : null);
          return { type: 'SaveMailboxSettings', teamId, settings };
        },
        { teamId, retries: 2 },
      );
    const appended = await (actorUserId ? RequestContext.actAs({ kind: 'user', id: actorUserId }, decide) : decide());
    return { settings: settings as MailboxSettings, position: appended?.position ?? null };
  }

  /**
   * A usable access token for an OAUTH2 mailbox. The latest tokens are read from the stream (not from the
   * possibly older `settings` a worker holds); one expiring within the margin is refreshed and stored first.
   */
  async accessToken(settings: MailboxSettings): Promise<string> {
    const teamId = await this.teamOf(settings.configId);
    const latest = (await this.currentSettings(teamId)) ?? settings;
    if (!latest.oauth || !latest.oauthProvider) throw new OAuthTokenError('The mailbox has no OAuth2 tokens yet.');
    if (Date.parse(latest.oauth.accessTokenExpiresAt) - Date.now() > OAUTH_REFRESH_MARGIN_MS) {
      return this.box.open(latest.oauth.accessTokenSealed);
    }
    return this.refresh(teamId, latest);
  }

  private async currentSettings(teamId: string): Promise<MailboxSettings | null> {
    const { state } = await this.repository.load(mailboxStreamId(teamId), mailboxDecider);
    return state.status === 'configured' ? state.settings : null;
  }

  private async refresh(teamId: string, latest: MailboxSettings): Promise<string> {
    const provider = latest.oauthProvider;
    const app = provider ? providerConfig(this.config.oauth, provider) : null;
    if (!provider || !app || !latest.oauth) throw new OAuthTokenError('The OAuth2 provider is not configured.');
    const refreshToken = this.box.open(latest.oauth.refreshTokenSealed);
    let tokens;
    try {
      tokens = await refreshTokens(app, refreshToken);
    } catch (error) {
      this.logger.warn(`Refreshing the ${provider} access token of team ${teamId} failed: ${describe(error)}`);
      throw error;
    }
    const oauth = {
      refreshTokenSealed: tokens.refreshToken ? this.box.seal(tokens.refreshToken) : latest.oauth.refreshTokenSealed,
      accessTokenSealed: this.box.seal(tokens.accessToken),
      accessTokenExpiresAt: new Date(Date.now() + tokens.expiresInSeconds * 1000).toISOString(),
    };
    await this.updateSettings(teamId, null, (current) => ({ ...(current ?? latest), oauth }));
    return tokens.accessToken;
  }

  private async teamOf(configId: string): Promise<string> {
    const rows: { team_id: string }[] = await this.db.query(
      `SELECT team_id FROM mailbox_config WHERE settings->>'configId' = $1`,
      [configId],
    );
    if (!rows[0]) throw new OAuthTokenError('The mailbox configuration is not stored yet.');
    return rows[0].team_id;
  }
}

/** An error's message when it is one of ours (no secrets), else only its name. */
export function describe(error: unknown): string {
  if (error instanceof OAuthTokenError) return error.message;
  return error instanceof Error ? error.name : 'Unknown error';
}
