import { createHash, randomBytes } from 'node:crypto';
import type { OAuthProvider } from '@teaminbox/contracts';
import type { OAuthConfig, OAuthProviderConfig } from '../../../platform/config/app-config';

/** How long an authorization URL (its `state` and PKCE verifier) stays usable. */
export const OAUTH_STATE_TTL_MS = 10 * 60_000;
/** An access token that expires within this margin is refreshed before a connection uses it. */
export const OAUTH_REFRESH_MARGIN_MS = 60_000;

export const OAUTH_CALLBACK_PATH = '/api/email-server-config/oauth/callback';
export const OAUTH_RETURN_PATH = '/admin/email-server-config';

/** Server presets and consent parameters of each provider. */
export interface OAuthProviderProfile {
  scopes: string[];
  extraParams: Record<string, string>;
  imapHost: string;
  imapPort: number;
  imapUseSsl: boolean;
  smtpHost: string;
  smtpPort: number;
  smtpUseSsl: boolean;
  smtpUseTls: boolean;
}

export const OAUTH_PROFILES: Record<OAuthProvider, OAuthProviderProfile> = {
  GOOGLE: {
    scopes: ['https://mail.google.com/', 'openid', 'email'],
    extraParams: { access_type: 'offline', prompt: 'consent' },
    imapHost: 'imap.gmail.com',
    imapPort: 993,
    imapUseSsl: true,
    smtpHost: 'smtp.gmail.com',
    smtpPort: 587,
    smtpUseSsl: false,
    smtpUseTls: true,
  },
  MICROSOFT: {
    scopes: [
      'offline_access',
      'https://outlook.office.com/IMAP.AccessAsUser.All',
      'https://outlook.office.com/SMTP.Send',
      'openid',
      'email',
    ],
    extraParams: {},
    imapHost: 'outlook.office365.com',
    imapPort: 993,
    imapUseSsl: true,
    smtpHost: 'smtp.office365.com',
    smtpPort: 587,
    smtpUseSsl: false,
    smtpUseTls: true,
  },
};

/** The provider named in a URL path segment (`google`, `microsoft`), or null. */
export function providerFromPath(segment: string): OAuthProvider | null {
  const upper = segment.toUpperCase();
  return upper === 'GOOGLE' || upper === 'MICROSOFT' ? upper : null;
}

export function providerConfig(config: OAuthConfig | undefined, provider: OAuthProvider): OAuthProviderConfig | null {
  return (provider === 'GOOGLE' ? config?.google : config?.microsoft) ?? null;
}

/** The provider's IMAP and SMTP hosts: the consent's presets and the only hosts its tokens are ever sent to. */
export function oauthMailHosts(
  config: OAuthConfig | undefined,
  provider: OAuthProvider,
): { imap: string; smtp: string } {
  const app = providerConfig(config, provider);
  const profile = OAUTH_PROFILES[provider];
  return { imap: app?.imapHost ?? profile.imapHost, smtp: app?.smtpHost ?? profile.smtpHost };
}

/** Refused: an OAuth2 token would go to a host that is not the provider's. */
export class OAuthHostError extends Error {
  constructor(provider: OAuthProvider, host: string) {
    super(
      `OAuth2 tokens of ${provider === 'GOOGLE' ? 'Google' : 'Microsoft'} are only sent to its mail servers (${host}).`,
    );
    this.name = 'OAuthHostError';
  }
}

/** Throws unless `host` is the provider's own host of that kind (a token never follows a changed host). */
export function assertProviderHost(
  config: OAuthConfig | undefined,
  provider: OAuthProvider | null,
  kind: 'imap' | 'smtp',
  host: string,
): void {
  if (!provider) throw new OAuthTokenError('The mailbox has no OAuth2 provider.');
  const allowed = oauthMailHosts(config, provider)[kind];
  if (host.trim().toLowerCase() !== allowed.toLowerCase()) throw new OAuthHostError(provider, allowed);
}

const base64url = (bytes: Buffer) => bytes.toString('base64url');

/** A random URL-safe value of 32 bytes (used for `state` and the PKCE verifier). */
export function randomToken(): string {
  return base64url(randomBytes(32));
}

/** The S256 PKCE challenge of a verifier (RFC 7636). */
export function pkceChallenge(verifier: string): string {
  return base64url(createHash('sha256').update(verifier).digest());
}

/** How a `state` is stored: its SHA-256, so the table alone cannot complete a consent. */
export function hashState(state: string): string {
  return createHash('sha256').update(state).digest('hex');
}

export function authorizationUrl(
  provider: OAuthProvider,
  app: OAuthProviderConfig,
  params: { redirectUri: string; state: string; verifier: string },
): string {
  const url = new URL(app.authUrl);
  const profile = OAUTH_PROFILES[provider];
  const query: Record<string, string> = {
    response_type: 'code',
    client_id: app.clientId,
    redirect_uri: params.redirectUri,
    scope: profile.scopes.join(' '),
    state: params.state,
    code_challenge: pkceChallenge(params.verifier),
    code_challenge_method: 'S256',
    ...profile.extraParams,
  };
  for (const [key, value] of Object.entries(query)) url.searchParams.set(key, value);
  return url.toString();
}

/** A token endpoint's successful answer. */
export interface TokenResponse {
  accessToken: string;
  refreshToken: string | null;
  expiresInSeconds: number;
  idToken: string | null;
}

/** A failed token request; the message holds only the provider's error code, never a token. */
export class OAuthTokenError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'OAuthTokenError';
  }
}

/** POSTs a grant to the provider's token endpoint (form-encoded, client credentials in the body). */
export async function requestToken(app: OAuthProviderConfig, grant: Record<string, string>): Promise<TokenResponse> {
  const body = new URLSearchParams({ client_id: app.clientId, ...grant });
  if (app.clientSecret) body.set('client_secret', app.clientSecret);
  const response = await fetch(app.tokenUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
    body,
    signal: AbortSignal.timeout(15_000),
  });
  const json = (await response.json().catch(() => null)) as Record<string, unknown> | null;
  if (!response.ok || !json || typeof json.access_token !== 'string' || !json.access_token) {
    const code = typeof json?.error === 'string' ? json.error.replace(/[^\w.-]/g, '').slice(0, 60) : 'invalid_response';
    throw new OAuthTokenError(`Token endpoint answered ${response.status} (${code})`);
  }
  const expiresIn = Number(json.expires_in);
  return {
    accessToken: json.access_token,
    refreshToken: typeof json.refresh_token === 'string' && json.refresh_token ? json.refresh_token : null,
    expiresInSeconds: Number.isFinite(expiresIn) && expiresIn > 0 ? expiresIn : 3600,
    idToken: typeof json.id_token === 'string' ? json.id_token : null,
  };
}

/**
 * The mailbox address in an id_token received directly from the token endpoint over TLS (OpenID Connect
 * allows skipping the signature check then): `email`, else Microsoft's `preferred_username` or `upn`.
 */
export function emailFromIdToken(idToken: string | null): string | null {
  if (!idToken) return null;
  const payload = idToken.split('.')[1];
  if (!payload) return null;
  try {
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as Record<string, unknown>;
    for (const claim of ['email', 'preferred_username', 'upn']) {
      const value = claims[claim];
      if (typeof value === 'string' && /^[^\s@]+@[^\s@]+$/.test(value)) return value.toLowerCase();
    }
  } catch {
    return null;
  }
  return null;
}
