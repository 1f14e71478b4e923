import type { Page, Request } from '@playwright/test';
import type { RunningApp } from '../support/app-server';
import { api, createTeamViaApi, expect, newAccount, signUpViaApi, test } from '../support/fixtures';
import { type OAuthMock, startAppWithOAuth, startOAuthMock } from '../support/oauth-mock';

const SUCCESS = 'Přihlášení přes OAuth proběhlo úspěšně';
const FAILURE = 'Přihlášení přes OAuth se nezdařilo';

test.describe('OAuth sign-in from the email server configuration screen', () => {
  let mock: OAuthMock;
  let app: RunningApp;

  test.beforeAll(async ({}, testInfo) => {
    testInfo.setTimeout(120_000);
    mock = await startOAuthMock('support@mail.example.test');
    app = await startAppWithOAuth(mock);
  });
  test.afterAll(async () => {
    await app?.stop();
    await mock?.stop();
  });

  /** Signs a fresh admin with a team in on this app's origin and opens the configuration screen. */
  async function openConfigScreen(page: Page): Promise<string> {
    const token = await signUpViaApi(app.url, newAccount('oauth'));
    await createTeamViaApi(app.url, token, 'OAuth crew');
    await page.goto(`${app.url}/`);
    await page.evaluate((t) => localStorage.setItem('access_token', t), token);
    await page.goto(`${app.url}/admin/email-server-config`);
    await expect(page.getByRole('heading', { name: 'Email Server Configuration' })).toBeVisible();
    return token;
  }

  const navigationTo = (page: Page, prefix: string) =>
    page.waitForRequest((req: Request) => req.isNavigationRequest() && req.url().startsWith(prefix));

  test('signs in with Google through the provider, returns with a Czech message and locks the OAuth2 fields', async ({
    page,
  }) => {
    const token = await openConfigScreen(page);

    const toProvider = navigationTo(page, `${mock.url}/authorize`);
    const toCallback = navigationTo(page, `${app.url}/api/email-server-config/oauth/callback`);
    const landed = navigationTo(page, `${app.url}/admin/email-server-config?oauth=success`);
    await page.getByTestId('oauth-google').click();

    const authorize = new URL((await toProvider).url());
    expect(authorize.searchParams.get('client_id')).toBe('e2e-google-app');
    expect(authorize.searchParams.get('code_challenge_method')).toBe('S256');
    expect(authorize.searchParams.get('redirect_uri')).toBe(`${app.url}/api/email-server-config/oauth/callback`);
    expect(new URL((await toCallback).url()).searchParams.get('code')).toBeTruthy();
    await landed;

    // The outcome is shown in Czech, then the parameter leaves the URL.
    await expect(page.getByTestId('config-message')).toHaveText(SUCCESS);
    await expect(page).toHaveURL(`${app.url}/admin/email-server-config`);

    // The saved configuration: Google's servers, the account's address, no passwords to type.
    await page.getByTestId('config-edit').click();
    await expect(page.getByTestId('imap-host')).toHaveValue('imap.gmail.com');
    await expect(page.getByTestId('smtp-host')).toHaveValue('smtp.gmail.com');
    await expect(page.getByTestId('imap-username')).toHaveValue(mock.email);
    await expect(page.getByTestId('from-email')).toHaveValue(mock.email);
    for (const id of ['imap-host', 'imap-port', 'imap-username', 'smtp-host', 'smtp-port', 'smtp-username']) {
      await expect(page.getByTestId(id)).toBeDisabled();
    }
    for (const id of ['#imap-ssl', '#smtp-ssl', '#smtp-tls']) await expect(page.locator(id)).toBeDisabled();
    await expect(page.getByTestId('imap-password')).toBeDisabled();
    await expect(page.getByTestId('smtp-password')).toBeDisabled();
    await expect(page.getByTestId('from-email')).toHaveAttribute('readonly', '');
    await expect(page.getByTestId('from-name')).toBeEnabled();
    await expect(page.getByTestId('config-preset-gmail')).toBeDisabled();

    const saved = await api<{ authType: string; oauthProvider: string; oauthConnected: boolean }>(
      app.url,
      token,
      'GET',
      '/email-server-config',
    );
    expect(saved).toMatchObject({ authType: 'OAUTH2', oauthProvider: 'GOOGLE', oauthConnected: true });
  });

  test('shows the Czech failure message when the provider refuses the code, and keeps nothing', async ({ page }) => {
    const token = await openConfigScreen(page);
    await mock.setMode('fail-once');

    const landed = navigationTo(page, `${app.url}/admin/email-server-config?oauth=error`);
    await page.getByTestId('oauth-microsoft').click();
    await landed;

    await expect(page.getByTestId('config-message')).toHaveText(FAILURE);
    await expect(page).toHaveURL(`${app.url}/admin/email-server-config`);
    // Nothing was saved: the screen stays in the editing mode of a new configuration.
    await expect(page.getByTestId('config-save')).toBeVisible();
    const res = await fetch(`${app.url}/api/email-server-config`, { headers: { authorization: `Bearer ${token}` } });
    expect(res.status).toBe(404);
  });
});
