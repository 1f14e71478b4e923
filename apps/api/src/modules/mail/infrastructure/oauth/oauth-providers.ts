import { createHash, randomBytes } from 'node:crypto';
import { MAIL_SERVER_PRESETS, type OAuthProvider } from '@teaminbox/contracts';
import * as oauth from 'oauth4webapi';
import type { OAuthConfig, OAuthProviderConfig } from '../../../../platform/config/app-config';

/** How long an authorization URL (its `state` and PKCE verifier) stays usable. */
export const OAUTH_STATE_TTL_MS = 10 * 60_000;
/** An access token that expires within this margin is refreshed before a connection uses it. */
export const OAUTH_REFRESH_MARGIN_MS = 60_000;

export const OAUTH_CALLBACK_PATH = '/api/email-server-config/oauth/callback';
export const OAUTH_RETURN_PATH = '/admin/email-server-config';

/**
 * Consent parameters of each provider and its mail server preset: the hosts of the settings screen's preset, with the
 * default ports and TLS modes of a new configuration (`MAIL_SERVER_PRESETS`, `DEFAULT_MAILBOX_SERVER`).
 */
export interface OAuthProviderProfile {
  scopes: string[];
  extraParams: Record<string, string>;
  imapHost: string;
  smtpHost: string;
}

export const OAUTH_PROFILES: Record<OAuthProvider, OAuthProviderProfile> = {
  GOOGLE: {
    scopes: ['https://mail.google.com/', 'openid', 'email'],
    extraParams: { access_type: 'offline', prompt: 'consent' },
    ...MAIL_SERVER_PRESETS.gmail,
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
    ...MAIL_SERVER_PRESETS.outlook,
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

/** A random URL-safe value of 32 bytes (the browser binding of a consent). */
export function randomToken(): string {
  return randomBytes(32).toString('base64url');
}

/** How a `state` is stored: its SHA-256, so the table alone cannot complete a consent. */
export function hashState(state: string): string {
  return createHash('sha256').update(state).digest('hex');
}

/** A fresh `state` and PKCE verifier (32 random bytes each), made by the OAuth library. */
export function newConsentSecrets(): { state: string; verifier: string } {
  return { state: oauth.generateRandomState(), verifier: oauth.generateRandomCodeVerifier() };
}

/** How long one request to a token endpoint may take. */
const TOKEN_REQUEST_TIMEOUT_MS = 15_000;

const GOOGLE_ISSUER = 'https://accounts.google.com';
const ENTRA_ORIGIN = 'https://login.microsoftonline.com';
/** Microsoft's issuer for the multi-tenant endpoints (`common`, `organizations`), as its own metadata names it. */
const ENTRA_MULTI_TENANT_ISSUER = `${ENTRA_ORIGIN}/{tenantid}/v2.0`;
/** What an Entra ID token without a tenant id (`tid`) must name as its issuer: nothing any issuer names. */
const NO_TENANT = 'an id_token without a tenant id (tid)';
const TENANT_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The library's hook for an ID token issuer that depends on the token (Microsoft Entra ID's multi-tenant issuer).
 * It is the hook openid-client sets for Entra ID; it is not in the library's typings, so it is read defensively:
 * without it the exact issuer is expected and a multi-tenant sign-in fails closed.
 */
const EXPECTED_ISSUER: symbol | undefined = (oauth as unknown as { _expectedIssuer?: symbol })._expectedIssuer;

/** True for a plain-HTTP token endpoint on this machine (a local test or development provider), the only one allowed. */
export function isLocalHttpEndpoint(endpoint: string): boolean {
  const url = new URL(endpoint);
  return url.protocol === 'http:' && ['localhost', '127.0.0.1', '[::1]'].includes(url.hostname);
}

/** One provider as the OAuth library sees it: its endpoints (from configuration only) and our client. */
export interface OAuthProviderClient {
  as: oauth.AuthorizationServer;
  client: oauth.Client;
  auth: oauth.ClientAuth;
  /** Plain HTTP is allowed only for a token endpoint on localhost (see {@link isLocalHttpEndpoint}). */
  allowHttp: boolean;
}

/**
 * The provider's authorization server and our client. The issuer an id_token must name: Google's for its token
 * endpoint (`https://accounts.google.com`, or the bare `accounts.google.com` Google also documents); for Microsoft's
 * endpoints `https://login.microsoftonline.com/<tid>/v2.0` with the token's own tenant (`tid`) when the configured
 * tenant is `common`/`organizations`/`consumers`/a domain, or exactly the configured tenant when it is a tenant id;
 * for any other (local) endpoint, the token endpoint's origin.
 */
export function providerClient(app: OAuthProviderConfig): OAuthProviderClient {
  const tokenUrl = new URL(app.tokenUrl);
  let issuer = tokenUrl.origin;
  let expectedIssuer: ((result: { claims: Record<string, unknown> }) => string) | undefined;
  if (tokenUrl.hostname === 'oauth2.googleapis.com' || tokenUrl.hostname === 'accounts.google.com') {
    issuer = GOOGLE_ISSUER;
    expectedIssuer = ({ claims }) => (claims.iss === 'accounts.google.com' ? 'accounts.google.com' : GOOGLE_ISSUER);
  } else if (tokenUrl.origin === ENTRA_ORIGIN) {
    const tenant = decodeURIComponent(tokenUrl.pathname.split('/')[1] ?? '');
    issuer = TENANT_ID.test(tenant) ? `${ENTRA_ORIGIN}/${tenant.toLowerCase()}/v2.0` : ENTRA_MULTI_TENANT_ISSUER;
    if (!TENANT_ID.test(tenant)) {
      expectedIssuer = ({ claims }) =>
        typeof claims.tid === 'string' && TENANT_ID.test(claims.tid)
          ? ENTRA_MULTI_TENANT_ISSUER.replace('{tenantid}', claims.tid)
          : NO_TENANT;
    }
  }
  const as: oauth.AuthorizationServer = {
    issuer,
    authorization_endpoint: app.authUrl,
    token_endpoint: app.tokenUrl,
    ...(expectedIssuer && EXPECTED_ISSUER ? { [EXPECTED_ISSUER]: expectedIssuer } : {}),
  };
  return {
    as,
    client: { client_id: app.clientId },
    auth: app.clientSecret ? oauth.ClientSecretPost(app.clientSecret) : oauth.None(),
    allowHttp: isLocalHttpEndpoint(app.tokenUrl),
  };
}

/** The provider's consent URL: authorization-code flow with the PKCE S256 challenge of `verifier`. */
export async function authorizationUrl(
  provider: OAuthProvider,
  app: OAuthProviderConfig,
  params: { redirectUri: string; state: string; verifier: string },
): Promise<string> {
  const url = new URL(app.authUrl);
  const profile = OAUTH_PROFILES[provider];
  const query: Record<string, string> = {
    response_type: 'code',
    client_id: app.clientId,
    redirect_uri: params.redirectUri,
    scope: profile.scopes.join(' '),
    state: params.state,
    code_challenge: await oauth.calculatePKCECodeChallenge(params.verifier),
    code_challenge_method: 'S256',
    ...profile.extraParams,
  };
  for (const [key, value] of Object.entries(query)) url.searchParams.set(key, value);
  return url.toString();
}

/** A token endpoint's successful answer, validated by the OAuth library. */
export interface TokenResponse {
  accessToken: string;
  refreshToken: string | null;
  expiresInSeconds: number;
  /** The id_token's claims (issuer, audience, expiry checked); null when the answer had no id_token. */
  idTokenClaims: Record<string, unknown> | null;
}

/** A failed token request; the message holds only the provider's error code, never a token. */
export class OAuthTokenError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'OAuthTokenError';
  }
}

const errorCode = (code: string) => code.replace(/[^\w.-]/g, '').slice(0, 60);

/**
 * The library's error as an {@link OAuthTokenError} whose message holds no token (codes and the library's fixed
 * texts only); other errors (network, timeout) are returned unchanged.
 */
export function toTokenError(error: unknown): unknown {
  if (error instanceof oauth.AuthorizationResponseError) {
    return new OAuthTokenError(`The provider refused the consent (${errorCode(error.error)}).`);
  }
  if (error instanceof oauth.ResponseBodyError) {
    return new OAuthTokenError(`Token endpoint answered ${error.status} (${errorCode(error.error)})`);
  }
  if (error instanceof oauth.WWWAuthenticateChallengeError) {
    return new OAuthTokenError(`Token endpoint answered ${error.status} (${errorCode(error.cause[0]?.scheme ?? '')})`);
  }
  if (error instanceof oauth.OperationProcessingError || error instanceof oauth.UnsupportedOperationError) {
    return new OAuthTokenError(`The provider's answer was refused: ${error.message} (${errorCode(error.code ?? '')})`);
  }
  return error;
}

function tokenResponse(result: oauth.TokenEndpointResponse): TokenResponse {
  const expiresIn = result.expires_in;
  return {
    accessToken: result.access_token,
    refreshToken: result.refresh_token ? result.refresh_token : null,
    expiresInSeconds: typeof expiresIn === 'number' && expiresIn > 0 ? expiresIn : 3600,
    idTokenClaims: (oauth.getValidatedIdTokenClaims(result) as Record<string, unknown> | undefined) ?? null,
  };
}

const requestOptions = (c: OAuthProviderClient) => ({
  [oauth.allowInsecureRequests]: c.allowHttp,
  signal: AbortSignal.timeout(TOKEN_REQUEST_TIMEOUT_MS),
});

/**
 * Completes a consent: checks the provider's redirect (`callback`, its query) against the expected `state`, then
 * exchanges the code with the PKCE verifier and validates the answer, which must carry an id_token.
 */
export async function exchangeCode(
  app: OAuthProviderConfig,
  params: { callback: URLSearchParams; expectedState: string; redirectUri: string; verifier: string },
): Promise<TokenResponse> {
  const c = providerClient(app);
  try {
    const checked = oauth.validateAuthResponse(c.as, c.client, params.callback, params.expectedState);
    const response = await oauth.authorizationCodeGrantRequest(
      c.as,
      c.client,
      c.auth,
      checked,
      params.redirectUri,
      params.verifier,
      requestOptions(c),
    );
    return tokenResponse(
      await oauth.processAuthorizationCodeResponse(c.as, c.client, response, { requireIdToken: true }),
    );
  } catch (error) {
    throw toTokenError(error);
  }
}

/** A new access token (and possibly a rotated refresh token) for `refreshToken`. */
export async function refreshTokens(app: OAuthProviderConfig, refreshToken: string): Promise<TokenResponse> {
  const c = providerClient(app);
  try {
    const response = await oauth.refreshTokenGrantRequest(c.as, c.client, c.auth, refreshToken, requestOptions(c));
    return tokenResponse(await oauth.processRefreshTokenResponse(c.as, c.client, response));
  } catch (error) {
    throw toTokenError(error);
  }
}

/** The mailbox address among an id_token's validated claims: `email`, else Microsoft's `preferred_username` or `upn`. */
export function emailFromClaims(claims: Record<string, unknown> | null): string | null {
  if (!claims) return null;
  for (const claim of ['email', 'preferred_username', 'upn']) {
    const value = claims[claim];
    if (typeof value === 'string' && /^[^\s@]+@[^\s@]+$/.test(value)) return value.toLowerCase();
  }
  return null;
}
