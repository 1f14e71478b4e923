import { type RunningApp, startApp } from './app-server';

/**
 * oauth2-mock-server for the browser tests: the API's test helper (it has no test-runner dependency), so the two
 * suites share one mock. Its /authorize approves at once; its /token checks PKCE and issues an id_token with `email`.
 */
export {
  type OAuthMockMode,
  startOAuthMock,
  type TestOAuthMock as OAuthMock,
} from '../../apps/api/test/mail/oauth-mock';
import type { TestOAuthMock as OAuthMock } from '../../apps/api/test/mail/oauth-mock';

/**
 * A second instance of the built product whose Google and Microsoft sign-in both go to the mock
 * (OAUTH_* endpoints); its PUBLIC_URL is its own address, so the providers redirect back to it.
 */
export function startAppWithOAuth(mock: OAuthMock): Promise<RunningApp> {
  return startApp({
    GOOGLE_CLIENT_ID: 'e2e-google-app',
    GOOGLE_CLIENT_SECRET: 'e2e-google-secret',
    OAUTH_GOOGLE_AUTH_URL: `${mock.url}/authorize`,
    OAUTH_GOOGLE_TOKEN_URL: `${mock.url}/token`,
    MICROSOFT_CLIENT_ID: 'e2e-microsoft-app',
    MICROSOFT_CLIENT_SECRET: 'e2e-microsoft-secret',
    OAUTH_MICROSOFT_AUTH_URL: `${mock.url}/authorize`,
    OAUTH_MICROSOFT_TOKEN_URL: `${mock.url}/token`,
  });
}
