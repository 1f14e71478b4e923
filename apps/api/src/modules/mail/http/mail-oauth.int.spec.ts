import { createServer } from 'node:net';
import type { EmailServerConfig, MailboxSettings } from '@teaminbox/contracts';
import { ImapFlow } from 'imapflow';
import { createTransport } from 'nodemailer';
import { SMTPServer } from 'smtp-server';
import { DataSource } from 'typeorm';
import { startTestApp, type TestApp } from '../../../../test/app/test-app';
import { startDovecot, type TestDovecot } from '../../../../test/mail/dovecot';
import { startOAuthMock, type TestOAuthMock } from '../../../../test/mail/oauth-mock';
import { SecretBox } from '../../../platform/crypto';
import { MailConnections } from '../infrastructure/imap/mail-connections';
import { MailboxOAuthTokens } from '../infrastructure/oauth/mailbox-oauth-tokens';
import { OAuthTokenError } from '../infrastructure/oauth/oauth-providers';

const PUBLIC_URL = 'http://inbox.example.test';
const SUCCESS = `${PUBLIC_URL}/admin/email-server-config?oauth=success`;
const ERROR = `${PUBLIC_URL}/admin/email-server-config?oauth=error`;

describe('mailbox OAuth2 against oauth2-mock-server', () => {
  let t: TestApp;
  let mock: TestOAuthMock;
  let dovecot: TestDovecot;

  beforeAll(async () => {
    mock = await startOAuthMock();
    dovecot = await startDovecot('support', 'dovecot-secret-pw', { oauthIntrospectionUrl: `${mock.url}/userinfo` });
    const app = (clientId: string) => ({
      clientId,
      clientSecret: `${clientId}-secret`,
      authUrl: `${mock.url}/authorize`,
      tokenUrl: `${mock.url}/token`,
    });
    // Google's mail servers are the local Dovecot and SMTP server here (its tokens go to those hosts only);
    // Microsoft keeps its real hosts.
    t = await startTestApp({
      publicUrl: PUBLIC_URL,
      oauth: {
        google: { ...app('google-app'), imapHost: dovecot.host, smtpHost: '127.0.0.1' },
        microsoft: app('ms-app'),
      },
    });
  });
  afterAll(async () => {
    await t?.close();
    await mock?.stop();
    await dovecot?.stop();
  });

  async function userWithTeam(name: string) {
    const user = await t.signUp(name);
    expect((await t.request('/api/team', { method: 'PUT', token: user.token, body: `${name} team` })).status).toBe(200);
    return user;
  }

  /**
   * Our URL endpoint (which sets the browser's binding cookie), then the provider's /authorize (which redirects
   * with a code), as a browser would.
   */
  async function consent(token: string, provider: 'google' | 'microsoft') {
    const res = await t.request<{ url: string }>(`/api/email-server-config/oauth/${provider}/url`, { token });
    expect(res.status).toBe(200);
    const setCookie = res.headers.get('set-cookie') ?? '';
    expect(setCookie).toMatch(
      /^teaminbox_oauth=[\w-]{43}; Max-Age=600; Path=\/api\/email-server-config\/oauth\/callback; Expires=[^;]+; HttpOnly; SameSite=Lax$/,
    );
    const cookie = setCookie.split(';')[0];
    const authorize = await fetch(res.body.url, { redirect: 'manual' });
    expect(authorize.status).toBe(302);
    const back = new URL(authorize.headers.get('location')!);
    expect(`${back.origin}${back.pathname}`).toBe(`${PUBLIC_URL}/api/email-server-config/oauth/callback`);
    return { url: new URL(res.body.url), callback: `/api/email-server-config/oauth/callback${back.search}`, cookie };
  }

  /** The provider's redirect back, from the browser that asked (its cookie) unless `cookie` says otherwise. */
  async function callback(
    target: string | { callback: string; cookie: string },
    cookie?: string,
  ): Promise<{ status: number; location: string | null }> {
    const pathAndQuery = typeof target === 'string' ? target : target.callback;
    const sent = cookie ?? (typeof target === 'string' ? undefined : target.cookie);
    const res = await fetch(t.baseUrl + pathAndQuery, {
      redirect: 'manual',
      headers: sent ? { cookie: sent } : {},
    });
    return { status: res.status, location: res.headers.get('location') };
  }

  const db = () => t.app.get(DataSource);
  const settingsOf = async (configId: string): Promise<MailboxSettings> =>
    (await db().query(`SELECT settings FROM mailbox_config WHERE settings->>'configId' = $1`, [configId]))[0].settings;
  const storedText = async () =>
    JSON.stringify(await db().query(`SELECT data FROM events WHERE stream_id LIKE 'mailbox-%'`)) +
    JSON.stringify(await db().query('SELECT settings FROM mailbox_config')) +
    JSON.stringify(await db().query('SELECT * FROM mail_oauth_state'));

  it('runs the Google flow with PKCE: success redirect, OAUTH2 presets, tokens sealed and never returned', async () => {
    const { token } = await userWithTeam('oauth-google');
    const started = await consent(token, 'google');
    const { url } = started;
    const params = url.searchParams;
    expect(params.get('client_id')).toBe('google-app');
    expect(params.get('response_type')).toBe('code');
    expect(params.get('scope')).toBe('https://mail.google.com/ openid email');
    expect(params.get('access_type')).toBe('offline');
    expect(params.get('prompt')).toBe('consent');
    expect(params.get('code_challenge_method')).toBe('S256');
    expect(params.get('code_challenge')).toMatch(/^[\w-]{43}$/);
    expect(params.get('state')).toMatch(/^[\w-]{43}$/);
    // Only the hash of the state is kept.
    expect(await storedText()).not.toContain(params.get('state')!);

    expect(await callback(started)).toEqual({ status: 302, location: SUCCESS });

    const res = await t.request<EmailServerConfig>('/api/email-server-config', { token });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      authType: 'OAUTH2',
      oauthProvider: 'GOOGLE',
      oauthConnected: true,
      imapHost: dovecot.host,
      imapPort: 993,
      imapUseSsl: true,
      imapUsername: mock.email,
      smtpHost: '127.0.0.1',
      smtpPort: 587,
      smtpUseTls: true,
      smtpUsername: mock.email,
      fromEmail: mock.email,
      isActive: false,
    });
    expect(res.body).not.toHaveProperty('oauth');

    const settings = await settingsOf(res.body.id);
    const box = t.app.get(SecretBox);
    const accessToken = box.open(settings.oauth!.accessTokenSealed);
    const refreshToken = box.open(settings.oauth!.refreshTokenSealed);
    expect(accessToken.split('.')).toHaveLength(3);
    expect(refreshToken.length).toBeGreaterThan(10);
    expect(Date.parse(settings.oauth!.accessTokenExpiresAt)).toBeGreaterThan(Date.now() + 30 * 60_000);
    const stored = await storedText();
    expect(stored).not.toContain(accessToken);
    expect(stored).not.toContain(refreshToken);
    expect(JSON.stringify(res.body)).not.toContain(accessToken);

    // The access token is handed out without a refresh while it is valid.
    expect(await t.app.get(MailboxOAuthTokens).accessToken(settings)).toBe(accessToken);

    // A later save of the form (same provider) keeps the tokens.
    const saved = await t.request<EmailServerConfig>('/api/email-server-config', {
      method: 'PUT',
      token,
      body: { ...res.body, fromName: 'Support' },
    });
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({ oauthConnected: true, fromName: 'Support' });
    expect((await settingsOf(res.body.id)).oauth).toEqual(settings.oauth);
  });

  it('completes a consent only in the browser that asked for it', async () => {
    const { token } = await userWithTeam('oauth-binding');
    const mine = await consent(token, 'google');
    const theirs = await consent((await userWithTeam('oauth-binding-other')).token, 'google');
    // Without the cookie, or with another browser's, the state is used up and nothing is stored.
    expect(await callback(mine.callback, '')).toEqual({ status: 302, location: ERROR });
    const again = await consent(token, 'google');
    expect(await callback(again.callback, theirs.cookie)).toEqual({ status: 302, location: ERROR });
    expect((await t.request('/api/email-server-config', { token })).status).toBe(404);
    const last = await consent(token, 'google');
    expect(await callback(last)).toEqual({ status: 302, location: SUCCESS });
  });

  it('never sends a token to another host: a changed host drops the tokens, and a connection to it is refused', async () => {
    const { token } = await userWithTeam('oauth-host');
    expect(await callback(await consent(token, 'google'))).toEqual({ status: 302, location: SUCCESS });
    const config = (await t.request<EmailServerConfig>('/api/email-server-config', { token })).body;
    const settings = await settingsOf(config.id);
    const moved = await t.request<EmailServerConfig>('/api/email-server-config', {
      method: 'PUT',
      token,
      body: { ...config, imapHost: 'localhost' },
    });
    expect(moved.body).toMatchObject({ authType: 'OAUTH2', imapHost: 'localhost', oauthConnected: false });
    expect((await settingsOf(config.id)).oauth).toBeUndefined();

    // Even settings that still held tokens never reach a host that is not the provider's.
    const seen: string[] = [];
    const trap = createServer((socket) => {
      seen.push('connection');
      socket.destroy();
    });
    await new Promise<void>((resolve) => trap.listen(0, '127.0.0.1', () => resolve()));
    const port = (trap.address() as { port: number }).port;
    try {
      const elsewhere = { ...settings, imapHost: 'localhost', imapPort: port, smtpHost: 'localhost', smtpPort: port };
      await expect(t.app.get(MailConnections).connectImap(elsewhere)).rejects.toThrow(
        'OAuth2 tokens of Google are only sent to its mail servers (127.0.0.1).',
      );
      await expect(t.app.get(MailConnections).verifySmtp(elsewhere)).rejects.toThrow(/only sent to its mail servers/);
      expect(seen).toEqual([]);
    } finally {
      await new Promise<void>((resolve) => trap.close(() => resolve()));
    }
  });

  it('sends a reused, unknown or missing state and a failed code exchange back with ?oauth=error', async () => {
    const { token } = await userWithTeam('oauth-errors');
    const started = await consent(token, 'google');
    expect(await callback(started)).toEqual({ status: 302, location: SUCCESS });
    expect(await callback(started)).toEqual({ status: 302, location: ERROR });

    const code = new URLSearchParams(started.callback.split('?')[1]).get('code');
    expect(await callback(`/api/email-server-config/oauth/callback?code=${code}&state=made-up`)).toEqual({
      status: 302,
      location: ERROR,
    });
    expect(await callback(`/api/email-server-config/oauth/callback?code=${code}`)).toEqual({
      status: 302,
      location: ERROR,
    });

    const other = await userWithTeam('oauth-token-error');
    const failing = await consent(other.token, 'microsoft');
    const failingCookie = failing.cookie;
    await mock.setMode('fail-once');
    expect(await callback(failing.callback, failingCookie)).toEqual({ status: 302, location: ERROR });
    expect((await t.request('/api/email-server-config', { token: other.token })).status).toBe(404);
  });

  it("refuses an id_token issued for another client or by another issuer, and a provider's refusal", async () => {
    const { token } = await userWithTeam('oauth-foreign-token');
    try {
      for (const mode of ['foreign-audience', 'foreign-issuer'] as const) {
        const started = await consent(token, 'microsoft');
        await mock.setMode(mode);
        expect(await callback(started)).toEqual({ status: 302, location: ERROR });
        await mock.setMode('normal');
      }
    } finally {
      await mock.setMode('normal');
    }
    // The provider's error redirect (the user declined) stores nothing either.
    const declined = await consent(token, 'google');
    const state = new URLSearchParams(declined.callback.split('?')[1]).get('state')!;
    expect(
      await callback(`/api/email-server-config/oauth/callback?error=access_denied&state=${state}`, declined.cookie),
    ).toEqual({ status: 302, location: ERROR });
    expect((await t.request('/api/email-server-config', { token })).status).toBe(404);
    // The same team completes a genuine consent.
    expect(await callback(await consent(token, 'microsoft'))).toEqual({ status: 302, location: SUCCESS });
  });

  it('secures the URL endpoint and knows only Google and Microsoft', async () => {
    expect((await t.request('/api/email-server-config/oauth/google/url')).status).toBe(401);
    const { token } = await userWithTeam('oauth-unknown');
    expect((await t.request('/api/email-server-config/oauth/yahoo/url', { token })).status).toBe(404);
  });

  it('refreshes an access token that expires within a minute and stores the new one sealed', async () => {
    const { token } = await userWithTeam('oauth-refresh');
    const microsoftConsent = await consent(token, 'microsoft');
    const { url } = microsoftConsent;
    expect(url.searchParams.get('scope')).toBe(
      'offline_access https://outlook.office.com/IMAP.AccessAsUser.All https://outlook.office.com/SMTP.Send openid email',
    );
    expect(url.searchParams.has('access_type')).toBe(false);
    await mock.setMode('short-lived');
    expect(await callback(microsoftConsent)).toEqual({ status: 302, location: SUCCESS });
    await mock.setMode('normal');

    const config = (await t.request<EmailServerConfig>('/api/email-server-config', { token })).body;
    expect(config).toMatchObject({ oauthProvider: 'MICROSOFT', imapHost: 'outlook.office365.com' });
    const before = await settingsOf(config.id);
    const box = t.app.get(SecretBox);
    const oldToken = box.open(before.oauth!.accessTokenSealed);
    expect(Date.parse(before.oauth!.accessTokenExpiresAt)).toBeLessThan(Date.now() + 60_000);

    const tokens = t.app.get(MailboxOAuthTokens);
    // A refresh that the provider refuses fails without revealing a token.
    await mock.setMode('fail-once');
    const failure = await tokens.accessToken(before).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(OAuthTokenError);
    expect(String((failure as Error).message)).not.toContain(oldToken);

    const fresh = await tokens.accessToken(before);
    expect(fresh).not.toBe(oldToken);
    const events: { data: { settings: MailboxSettings } }[] = await db().query(
      `SELECT data FROM events WHERE stream_id LIKE 'mailbox-%' AND data->'settings'->>'configId' = $1 ORDER BY stream_version`,
      [config.id],
    );
    const latest = events[events.length - 1].data.settings;
    expect(box.open(latest.oauth!.accessTokenSealed)).toBe(fresh);
    expect(Date.parse(latest.oauth!.accessTokenExpiresAt)).toBeGreaterThan(Date.now() + 30 * 60_000);
    expect(await storedText()).not.toContain(fresh);
    // Now valid: handed out again without another refresh, even from the worker's older settings.
    expect(await tokens.accessToken(before)).toBe(fresh);
  });

  it('stores each rotated refresh token (Microsoft uses one up per refresh) and keeps it when none comes back (Google)', async () => {
    const box = t.app.get(SecretBox);
    const tokens = t.app.get(MailboxOAuthTokens);
    const latestOf = async (configId: string) => {
      const events: { data: { settings: MailboxSettings } }[] = await db().query(
        `SELECT data FROM events WHERE stream_id LIKE 'mailbox-%' AND data->'settings'->>'configId' = $1 ORDER BY stream_version`,
        [configId],
      );
      const oauth = events[events.length - 1].data.settings.oauth!;
      return { refresh: box.open(oauth.refreshTokenSealed), access: box.open(oauth.accessTokenSealed) };
    };
    const refreshAt = (refreshToken: string) =>
      fetch(`${mock.url}/token`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ grant_type: 'refresh_token', refresh_token: refreshToken, client_id: 'ms-app' }),
      });

    // Every access token expires within the refresh margin, so each call below refreshes.
    await mock.setMode('short-lived');
    try {
      const microsoft = await userWithTeam('oauth-rotate');
      expect(await callback(await consent(microsoft.token, 'microsoft'))).toEqual({
        status: 302,
        location: SUCCESS,
      });
      const config = (await t.request<EmailServerConfig>('/api/email-server-config', { token: microsoft.token })).body;
      const initial = await settingsOf(config.id);
      const seen = [await latestOf(config.id)];
      for (let i = 0; i < 2; i++) {
        // The worker's settings stay the initial ones: the latest refresh token must come from the stream.
        const access = await tokens.accessToken(initial);
        const latest = await latestOf(config.id);
        expect(latest.access).toBe(access);
        expect(seen.map((s) => s.refresh)).not.toContain(latest.refresh);
        seen.push(latest);
      }
      // The provider did use the earlier ones up: presenting one again is refused.
      expect((await refreshAt(seen[0].refresh)).status).toBe(400);
      expect(await storedText()).not.toContain(seen[2].refresh);

      await mock.setMode('short-lived-google');
      const google = await userWithTeam('oauth-keep');
      expect(await callback(await consent(google.token, 'google'))).toEqual({
        status: 302,
        location: SUCCESS,
      });
      const googleConfig = (await t.request<EmailServerConfig>('/api/email-server-config', { token: google.token }))
        .body;
      const before = await latestOf(googleConfig.id);
      const access = await tokens.accessToken(await settingsOf(googleConfig.id));
      expect(access).not.toBe(before.access);
      expect(await latestOf(googleConfig.id)).toEqual({ refresh: before.refresh, access });
    } finally {
      await mock.setMode('normal');
    }
  });

  it('logs in to a real IMAP server with XOAUTH2 using the stored access token', async () => {
    const { token } = await userWithTeam('oauth-imap');
    expect(await callback(await consent(token, 'google'))).toEqual({ status: 302, location: SUCCESS });
    const config = (await t.request<EmailServerConfig>('/api/email-server-config', { token })).body;
    // The provider's real hosts are not reachable here: point the same OAuth2 mailbox at the local Dovecot.
    const saved = await t.request<EmailServerConfig>('/api/email-server-config', {
      method: 'PUT',
      token,
      body: { ...config, imapHost: dovecot.host, imapPort: dovecot.port, imapUseSsl: false },
    });
    expect(saved.body).toMatchObject({ authType: 'OAUTH2', oauthConnected: true, imapPasswordSet: false });
    const folders = await t.request<string[]>('/api/email-server-config/imap-folders', { token });
    expect(folders.status).toBe(200);
    expect(folders.body).toContain('INBOX');

    // The server does check the token: one the provider never issued is refused.
    const forged = new ImapFlow({
      host: dovecot.host,
      port: dovecot.port,
      secure: false,
      auth: { user: mock.email, accessToken: 'not-issued-by-the-provider' },
      logger: false,
    });
    forged.on('error', () => undefined);
    await expect(forged.connect()).rejects.toBeTruthy();
    forged.close();
  });

  it('authenticates to a real SMTP server with XOAUTH2 using the stored access token', async () => {
    const { token } = await userWithTeam('oauth-smtp');
    expect(await callback(await consent(token, 'google'))).toEqual({ status: 302, location: SUCCESS });
    const config = (await t.request<EmailServerConfig>('/api/email-server-config', { token })).body;
    const settings = await settingsOf(config.id);
    const issued = t.app.get(SecretBox).open(settings.oauth!.accessTokenSealed);
    const seen: { method: string; user: string; accessToken?: string }[] = [];
    const server = new SMTPServer({
      authMethods: ['XOAUTH2'],
      disabledCommands: ['STARTTLS'],
      logger: false,
      onAuth(auth, _session, done) {
        seen.push({ method: auth.method, user: auth.username ?? '', accessToken: auth.accessToken });
        if (auth.method === 'XOAUTH2' && auth.accessToken === issued) done(null, { user: auth.username });
        else done(null, { data: { status: '401', schemes: 'bearer' } });
      },
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
    const address = server.server.address();
    const port = typeof address === 'object' && address ? address.port : 0;
    try {
      // The provider's real hosts are not reachable here: point the same OAuth2 mailbox at the local server.
      const local = { ...settings, smtpHost: '127.0.0.1', smtpPort: port, smtpUseSsl: false, smtpUseTls: false };
      await expect(t.app.get(MailConnections).verifySmtp(local)).resolves.toBeUndefined();
      expect(seen).toEqual([{ method: 'XOAUTH2', user: mock.email, accessToken: issued }]);

      // The server does check the token: one the provider never issued is refused.
      const forged = createTransport({
        host: '127.0.0.1',
        port,
        secure: false,
        ignoreTLS: true,
        auth: { type: 'OAuth2', user: mock.email, accessToken: 'not-issued-by-the-provider' },
      });
      await expect(forged.verify()).rejects.toBeTruthy();
      forged.close();
    } finally {
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  });
});
