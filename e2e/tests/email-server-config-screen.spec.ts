import type { Page, Request } from '@playwright/test';
import { freePort } from '../support/app-server';
import { startDovecot, type TestDovecot } from '../support/dovecot';
import { api, expect, test, useToken } from '../support/fixtures';
import { adminWithTeam } from '../support/teams';
import { plainTextMessage } from '../support/customer-mail';

/**
 * The email server configuration screen (/admin/email-server-config, 'IMAP config') against the spec: every
 * element, default, state, validation message, notice and call, on the real stack with a real Dovecot.
 */

const MARKER = '••••••••';
const SMTP_PASSWORD = 'smtp-secret-pw';

/** The global SMTP sink (it accepts any login): host and port for the SMTP settings. */
function smtpSink(): { host: string; port: number } {
  const url = process.env.E2E_SMTP_URL;
  if (!url) throw new Error('E2E_SMTP_URL is not set: the global setup did not start the mail sink');
  const parsed = new URL(url);
  return { host: parsed.hostname, port: Number(parsed.port) };
}

/** A configuration body for the API: the Dovecot's IMAP (plaintext), the sink's SMTP, inactive unless told. */
function configBody(imap: { host: string; port: number; user: string; password: string }, fields = {}) {
  const smtp = smtpSink();
  return {
    imapHost: imap.host,
    imapPort: imap.port,
    imapUsername: imap.user,
    imapPassword: imap.password,
    imapUseSsl: false,
    imapFolder: 'INBOX',
    imapFolders: [],
    smtpHost: smtp.host,
    smtpPort: smtp.port,
    smtpUsername: 'support@example.test',
    smtpPassword: SMTP_PASSWORD,
    smtpUseSsl: false,
    smtpUseTls: false,
    authType: 'PASSWORD',
    oauthProvider: null,
    fromEmail: 'support@example.test',
    fromName: 'Support',
    isActive: false,
    ...fields,
  };
}

const rawMessage = (subject: string) =>
  plainTextMessage('Bob Customer <bob@example.com>', subject, 'Where is my order?');

/** A fresh admin with a team, signed in on this page; returns the token. */
async function signedInAdmin(page: Page, baseURL: string, prefix: string): Promise<string> {
  const { token } = await adminWithTeam(baseURL, prefix);
  await useToken(page, token);
  return token;
}

/** Opens the screen and waits until the configuration (or its absence) is known. */
async function openScreen(page: Page): Promise<void> {
  const loaded = page.waitForResponse(
    (res) => res.request().method() === 'GET' && new URL(res.url()).pathname === '/api/email-server-config',
  );
  await page.goto('/admin/email-server-config');
  await expect(page.getByRole('heading', { name: 'Email Server Configuration' })).toBeVisible();
  await loaded;
}

/** The calls the page makes to the configuration API, as 'METHOD /path'. */
function recordConfigCalls(page: Page): string[] {
  const calls: string[] = [];
  page.on('request', (req: Request) => {
    const path = new URL(req.url()).pathname;
    if (path.startsWith('/api/email-server-config') || path === '/api/emails/fetch')
      calls.push(`${req.method()} ${path.slice('/api'.length)}`);
  });
  return calls;
}

/** The time as the page shows it (the browser's locale formatting of the app's language). */
const shownTime = (page: Page, iso: string) => page.evaluate((value) => new Date(value).toLocaleString('en'), iso);

const message = (page: Page) => page.getByTestId('config-message');

/** Chooses an option of a PrimeReact dropdown by its test id and the option's label. */
async function choose(page: Page, testId: string, option: string): Promise<void> {
  await page.getByTestId(testId).click();
  await page.getByRole('option', { name: option, exact: true }).click();
  await expect(page.getByTestId(testId)).toContainText(option);
}

test.describe('the email server configuration screen, item by item', () => {
  test('a new configuration (404): editing mode with the defaults, the sections, the buttons and the presets', async ({
    page,
    baseURL,
  }) => {
    const token = await signedInAdmin(page, baseURL!, 'escnew');
    const none = await fetch(`${baseURL}/api/email-server-config`, { headers: { authorization: `Bearer ${token}` } });
    expect(none.status).toBe(404);

    await page.goto('/admin');
    const navLink = page.getByRole('link', { name: 'IMAP config' });
    await expect(navLink).toHaveAttribute('href', '/admin/email-server-config');
    await navLink.click();
    await expect(page).toHaveURL(/\/admin\/email-server-config$/);
    await expect(page.getByRole('heading', { name: 'Email Server Configuration' })).toBeVisible();

    // The sections.
    for (const title of ['Quick presets', 'IMAP settings', 'SMTP settings', 'General settings', 'OAuth sign-in'])
      await expect(page.locator('.p-card-title').filter({ hasText: new RegExp(`^${title}$`) })).toBeVisible();

    // The 404 means no configuration yet: editing mode with the defaults of a new configuration, no error.
    await expect(page.getByRole('button', { name: 'Test Connection' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Save' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Cancel' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Edit' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Fetch Emails' })).toHaveCount(0);
    await expect(message(page)).toHaveCount(0);
    await expect(page.getByTestId('last-sync')).toHaveCount(0);
    // The folder list is read from the stored configuration's mailbox: nothing to read from yet.
    await expect(page.getByRole('button', { name: 'Load folders' })).toBeDisabled();
    const expectDefaults = async () => {
      await expect(page.getByTestId('imap-host')).toHaveValue('');
      await expect(page.getByTestId('imap-port')).toHaveValue('993');
      await expect(page.getByTestId('imap-username')).toHaveValue('');
      await expect(page.getByTestId('imap-password')).toHaveValue('');
      await expect(page.locator('#imap-ssl')).toBeChecked();
      await expect(page.getByTestId('imap-folder')).toHaveValue('INBOX');
      await expect(page.getByTestId('smtp-host')).toHaveValue('');
      await expect(page.getByTestId('smtp-port')).toHaveValue('587');
      await expect(page.locator('#smtp-ssl')).not.toBeChecked();
      await expect(page.locator('#smtp-tls')).toBeChecked();
      await expect(page.getByTestId('from-email')).toHaveValue('');
      await expect(page.getByTestId('auth-type')).toContainText('Password');
      await expect(page.locator('#config-active')).not.toBeChecked();
    };
    await expectDefaults();
    for (const id of ['imap-host', 'imap-port', 'imap-username', 'imap-password', 'smtp-host', 'from-email'])
      await expect(page.getByTestId(id)).toBeEditable();

    // Each preset fills its real host names and sets IMAP 993 with SSL and SMTP 587 with TLS (without SSL).
    const presets: [string, string, string][] = [
      ['Gmail', 'imap.gmail.com', 'smtp.gmail.com'],
      ['Outlook/Hotmail', 'outlook.office365.com', 'smtp.office365.com'],
      ['Yahoo', 'imap.mail.yahoo.com', 'smtp.mail.yahoo.com'],
    ];
    for (const [label, imapHost, smtpHost] of presets) {
      await page.getByTestId('imap-port').fill('143');
      await page.getByTestId('smtp-port').fill('25');
      await page.getByTestId('imap-ssl').click();
      await expect(page.locator('#imap-ssl')).not.toBeChecked();
      await page.getByTestId('smtp-tls').click();
      await expect(page.locator('#smtp-tls')).not.toBeChecked();
      await page.getByTestId('smtp-ssl').click();
      await expect(page.locator('#smtp-ssl')).toBeChecked();

      await page.getByRole('button', { name: label, exact: true }).click();
      await expect(page.getByTestId('imap-host')).toHaveValue(imapHost);
      await expect(page.getByTestId('smtp-host')).toHaveValue(smtpHost);
      await expect(page.getByTestId('imap-port')).toHaveValue('993');
      await expect(page.locator('#imap-ssl')).toBeChecked();
      await expect(page.getByTestId('smtp-port')).toHaveValue('587');
      await expect(page.locator('#smtp-tls')).toBeChecked();
      await expect(page.locator('#smtp-ssl')).not.toBeChecked();
    }

    // Cancel reloads: still nothing stored, so the defaults come back and editing stays on.
    await page.getByRole('button', { name: 'Cancel' }).click();
    await expectDefaults();
    await expect(page.getByRole('button', { name: 'Save' })).toBeVisible();
    expect(
      (await fetch(`${baseURL}/api/email-server-config`, { headers: { authorization: `Bearer ${token}` } })).status,
    ).toBe(404);
  });

  test('the three validation messages, verbatim, before a test and before a save; nothing is sent', async ({
    page,
    baseURL,
  }) => {
    await signedInAdmin(page, baseURL!, 'escvalid');
    const calls = recordConfigCalls(page);
    await openScreen(page);
    const check = async (button: 'Test Connection' | 'Save', text: string) => {
      await page.getByRole('button', { name: button }).click();
      await expect(message(page)).toHaveText(text);
    };
    const IMAP = 'Please fill in all IMAP settings';
    const SMTP = 'Please fill in all SMTP settings';
    const FROM = 'Please fill in the From Email address';

    // IMAP: host, username and password are each required.
    await check('Save', IMAP);
    await check('Test Connection', IMAP);
    await page.getByTestId('imap-host').fill('imap.example.test');
    await page.getByTestId('imap-username').fill('support@example.test');
    await check('Test Connection', IMAP);
    await page.getByTestId('imap-password').fill('imap-pw');
    await page.getByTestId('imap-username').fill('');
    await check('Save', IMAP);
    await page.getByTestId('imap-username').fill('support@example.test');
    await page.getByTestId('imap-host').fill('   ');
    await check('Test Connection', IMAP);
    await page.getByTestId('imap-host').fill('imap.example.test');

    // SMTP: host, username and password are each required.
    await check('Save', SMTP);
    await page.getByTestId('smtp-host').fill('smtp.example.test');
    await page.getByTestId('smtp-username').fill('support@example.test');
    await check('Test Connection', SMTP);
    await page.getByTestId('smtp-password').fill('smtp-pw');
    await page.getByTestId('smtp-host').fill('');
    await check('Save', SMTP);
    await page.getByTestId('smtp-host').fill('smtp.example.test');

    // From email.
    await check('Save', FROM);
    await check('Test Connection', FROM);

    // With OAuth2 the passwords are not needed (and their fields are disabled).
    await page.getByTestId('imap-password').fill('');
    await page.getByTestId('smtp-password').fill('');
    await check('Save', IMAP);
    await choose(page, 'auth-type', 'OAuth2');
    await expect(page.getByTestId('imap-password')).toBeDisabled();
    await expect(page.getByTestId('smtp-password')).toBeDisabled();
    await check('Save', FROM);
    await check('Test Connection', FROM);

    // None of these reached the server: only the first load was made (for an ADMIN, with the quarantine).
    expect([...calls].sort()).toEqual(['GET /email-server-config', 'GET /email-server-config/quarantine']);
  });

  test('OAuth2: Microsoft locks only the passwords, Google also the server fields and the presets', async ({
    page,
    baseURL,
  }) => {
    await signedInAdmin(page, baseURL!, 'esclocks');
    await openScreen(page);
    const server = ['imap-host', 'imap-port', 'imap-username', 'smtp-host', 'smtp-port', 'smtp-username'];
    const toggles = ['#imap-ssl', '#smtp-ssl', '#smtp-tls'];

    await choose(page, 'auth-type', 'OAuth2');
    await choose(page, 'oauth-provider', 'Microsoft');
    for (const id of server) await expect(page.getByTestId(id)).toBeEnabled();
    for (const id of toggles) await expect(page.locator(id)).toBeEnabled();
    await expect(page.getByTestId('imap-password')).toBeDisabled();
    await expect(page.getByTestId('smtp-password')).toBeDisabled();

    await choose(page, 'oauth-provider', 'Google');
    for (const id of server) await expect(page.getByTestId(id)).toBeDisabled();
    for (const id of toggles) await expect(page.locator(id)).toBeDisabled();
    await expect(page.getByTestId('imap-password')).toBeDisabled();
    await expect(page.getByRole('button', { name: 'Gmail', exact: true })).toBeDisabled();
    // Nothing stored yet: the From Email can still be typed.
    await expect(page.getByTestId('from-email')).toBeEditable();
    await expect(page.getByTestId('from-name')).toBeEditable();

    await choose(page, 'auth-type', 'Password');
    await expect(page.getByTestId('oauth-provider')).toHaveCount(0);
    for (const id of [...server, 'imap-password', 'smtp-password']) await expect(page.getByTestId(id)).toBeEnabled();
    // The sign-in buttons of both providers.
    await expect(page.getByRole('button', { name: 'Sign in with Google' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Sign in with Microsoft' })).toBeVisible();
  });

  test.describe('with a real Dovecot', () => {
    let dovecot: TestDovecot;
    test.beforeEach(async () => {
      dovecot = await startDovecot();
    });
    test.afterEach(async () => {
      await dovecot?.stop();
    });

    /** Fills the IMAP and SMTP settings of the screen for the Dovecot and the SMTP sink. */
    async function fillServers(page: Page, imapPassword = dovecot.password): Promise<void> {
      const smtp = smtpSink();
      await page.getByTestId('imap-host').fill(dovecot.host);
      await page.getByTestId('imap-port').fill(String(dovecot.port));
      await page.getByTestId('imap-username').fill(dovecot.user);
      await page.getByTestId('imap-password').fill(imapPassword);
      await page.getByTestId('imap-ssl').click();
      await expect(page.locator('#imap-ssl')).not.toBeChecked();
      await page.getByTestId('smtp-host').fill(smtp.host);
      await page.getByTestId('smtp-port').fill(String(smtp.port));
      await page.getByTestId('smtp-username').fill('support@example.test');
      await page.getByTestId('smtp-password').fill(SMTP_PASSWORD);
      await page.getByTestId('smtp-tls').click();
      await expect(page.locator('#smtp-tls')).not.toBeChecked();
      await page.getByTestId('from-email').fill('support@example.test');
    }

    test('Test Connection: success, a wrong password and a closed port, with the server message', async ({
      page,
      baseURL,
    }) => {
      const token = await signedInAdmin(page, baseURL!, 'esctest');
      const calls = recordConfigCalls(page);
      await openScreen(page);
      await fillServers(page);

      const testButton = page.getByRole('button', { name: 'Test Connection' });
      await testButton.click();
      await expect(message(page)).toHaveText('Connection successful', { timeout: 20_000 });

      await page.getByTestId('imap-password').fill('not-the-password');
      await testButton.click();
      await expect(message(page)).toHaveText(
        'Connection test failed: IMAP connection failed: Authentication failed: check the username and password.',
        { timeout: 20_000 },
      );

      await page.getByTestId('imap-password').fill(dovecot.password);
      await page.getByTestId('imap-port').fill(String(await freePort()));
      await testButton.click();
      await expect(message(page)).toHaveText(
        'Connection test failed: IMAP connection failed: The mail server refused the connection.',
        { timeout: 20_000 },
      );

      // A test stores nothing, and the screen stays in editing mode.
      expect(calls.filter((c) => c === 'POST /email-server-config/test')).toHaveLength(3);
      await expect(page.getByRole('button', { name: 'Save' })).toBeVisible();
      const res = await fetch(`${baseURL}/api/email-server-config`, { headers: { authorization: `Bearer ${token}` } });
      expect(res.status).toBe(404);
    });

    test('Save returns to view mode; Edit then Cancel reloads the stored values; no password ever comes back', async ({
      page,
      baseURL,
    }) => {
      const token = await signedInAdmin(page, baseURL!, 'escsave');
      const calls = recordConfigCalls(page);
      await openScreen(page);
      await fillServers(page);
      await page.getByTestId('from-name').fill('Support desk');
      await page.getByRole('button', { name: 'Save' }).click();
      await expect(message(page)).toHaveText('Email server configuration saved');
      expect(calls).toContain('POST /email-server-config');

      // View mode: every input is off, Edit and Fetch Emails are offered, Save/Test/Cancel are not.
      const viewMode = async () => {
        await expect(page.getByRole('button', { name: 'Edit' })).toBeVisible();
        await expect(page.getByRole('button', { name: 'Fetch Emails' })).toBeVisible();
        for (const name of ['Save', 'Test Connection', 'Cancel'])
          await expect(page.getByRole('button', { name })).toHaveCount(0);
        for (const id of ['imap-host', 'imap-port', 'imap-password', 'smtp-host', 'from-email', 'from-name'])
          await expect(page.getByTestId(id)).toBeDisabled();
        await expect(page.getByRole('button', { name: 'Gmail', exact: true })).toBeDisabled();
      };
      await viewMode();
      await expect(page.getByTestId('imap-password')).toHaveValue('');
      await expect(page.getByTestId('imap-password')).toHaveAttribute('placeholder', MARKER);
      await expect(page.getByTestId('smtp-password')).toHaveAttribute('placeholder', MARKER);

      // Edit, change everything, Cancel: the stored values come back from the server.
      await page.getByRole('button', { name: 'Edit' }).click();
      await expect(page.getByRole('button', { name: 'Fetch Emails' })).toHaveCount(0);
      await expect(page.getByTestId('imap-host')).toBeEditable();
      await page.getByRole('button', { name: 'Yahoo', exact: true }).click();
      await page.getByTestId('imap-username').fill('someone-else');
      await page.getByTestId('imap-password').fill('typed-but-dropped');
      await page.getByTestId('imap-folder').fill('Archive');
      await page.getByTestId('from-name').fill('Changed name');
      await page.getByTestId('config-active').click();
      await expect(page.locator('#config-active')).toBeChecked();
      await expect(page.getByTestId('imap-host')).toHaveValue('imap.mail.yahoo.com');
      const reloads = calls.filter((c) => c === 'GET /email-server-config').length;
      await page.getByRole('button', { name: 'Cancel' }).click();
      await viewMode();
      expect(calls.filter((c) => c === 'GET /email-server-config').length).toBe(reloads + 1);
      const smtp = smtpSink();
      await expect(page.getByTestId('imap-host')).toHaveValue(dovecot.host);
      await expect(page.getByTestId('imap-port')).toHaveValue(String(dovecot.port));
      await expect(page.getByTestId('imap-username')).toHaveValue(dovecot.user);
      await expect(page.getByTestId('imap-password')).toHaveValue('');
      await expect(page.getByTestId('imap-folder')).toHaveValue('INBOX');
      await expect(page.locator('#imap-ssl')).not.toBeChecked();
      await expect(page.getByTestId('smtp-host')).toHaveValue(smtp.host);
      await expect(page.getByTestId('smtp-port')).toHaveValue(String(smtp.port));
      await expect(page.locator('#smtp-tls')).not.toBeChecked();
      await expect(page.getByTestId('from-name')).toHaveValue('Support desk');
      await expect(page.locator('#config-active')).not.toBeChecked();

      // A change that is saved goes out with PUT and stays; the stored passwords are kept.
      await page.getByRole('button', { name: 'Edit' }).click();
      await page.getByTestId('from-name').fill('Helpdesk');
      await page.getByRole('button', { name: 'Save' }).click();
      await expect(message(page)).toHaveText('Email server configuration saved');
      await viewMode();
      expect(calls).toContain('PUT /email-server-config');

      // After a reload: the stored values, the passwords only as a marker, in neither the page nor the answers.
      const answers: Promise<string>[] = [];
      page.on('response', (res) => {
        if (new URL(res.url()).pathname.startsWith('/api/email-server-config'))
          answers.push(res.text().catch(() => ''));
      });
      await page.reload();
      await expect(page.getByTestId('from-name')).toHaveValue('Helpdesk');
      await expect(page.getByTestId('imap-host')).toHaveValue(dovecot.host);
      for (const id of ['imap-password', 'smtp-password']) {
        await expect(page.getByTestId(id)).toHaveValue('');
        await expect(page.getByTestId(id)).toHaveAttribute('placeholder', MARKER);
      }
      await page.getByRole('button', { name: 'Edit' }).click();
      await expect(page.getByTestId('imap-password')).toHaveValue('');
      const html = await page.content();
      expect(html).not.toContain(dovecot.password);
      expect(html).not.toContain(SMTP_PASSWORD);
      const bodies = await Promise.all(answers);
      expect(bodies.length).toBeGreaterThan(0);
      for (const body of bodies) {
        expect(body).not.toContain(dovecot.password);
        expect(body).not.toContain(SMTP_PASSWORD);
      }
      const stored = await api<Record<string, unknown>>(baseURL!, token, 'GET', '/email-server-config');
      expect(stored).toMatchObject({
        imapHost: dovecot.host,
        fromName: 'Helpdesk',
        imapPasswordSet: true,
        smtpPasswordSet: true,
        isActive: false,
      });
      expect(Object.keys(stored).filter((key) => /password$/i.test(key))).toEqual([]);
      const text = JSON.stringify(stored);
      expect(text).not.toContain(dovecot.password);
      expect(text).not.toContain(SMTP_PASSWORD);

      // The stored passwords still work: the connection test passes without typing them again.
      await page.getByRole('button', { name: 'Test Connection' }).click();
      await expect(message(page)).toHaveText('Connection successful', { timeout: 20_000 });
    });

    test('loads the IMAP folders into the multi-select, and saves the chosen ones', async ({ page, baseURL, a11y }) => {
      const token = await signedInAdmin(page, baseURL!, 'escfolders');
      const folder = 'Support Queue';
      const client = await dovecot.client();
      try {
        await client.mailboxCreate(folder);
      } finally {
        await client.logout();
      }
      await api(baseURL!, token, 'POST', '/email-server-config', configBody(dovecot));
      await openScreen(page);

      await page.getByRole('button', { name: 'Edit' }).click();
      const loaded = page.waitForResponse(
        (res) => new URL(res.url()).pathname === '/api/email-server-config/imap-folders',
      );
      await page.getByRole('button', { name: 'Load folders' }).click();
      expect((await loaded).status()).toBe(200);
      await page.getByTestId('imap-folders-select').click();
      const panel = page.locator('.p-multiselect-panel');
      await expect(panel.getByRole('option', { name: 'INBOX', exact: true })).toBeVisible();
      await expect(panel.getByRole('option', { name: folder, exact: true })).toBeVisible();
      await expect(panel.getByRole('option')).toHaveCount(2);
      // The open list is checked as it is, then with its options chosen (each option one named control).
      await a11y.checkNow(page);
      await panel.getByRole('option', { name: 'INBOX', exact: true }).click();
      await panel.getByRole('option', { name: folder, exact: true }).click();
      await expect(panel.getByRole('option', { selected: true })).toHaveCount(2);
      await expect(panel.getByRole('checkbox', { name: 'All folders' })).toBeChecked();
      await a11y.checkNow(page);
      await page.keyboard.press('Escape');
      await expect(panel).toHaveCount(0);
      const chips = page.getByTestId('imap-folders-select').locator('.p-multiselect-token');
      await expect(chips).toHaveText(['INBOX', folder]);

      await page.getByRole('button', { name: 'Save' }).click();
      await expect(message(page)).toHaveText('Email server configuration saved');
      const stored = await api<{ imapFolders: string[] }>(baseURL!, token, 'GET', '/email-server-config');
      expect(stored.imapFolders).toEqual(['INBOX', folder]);
      await page.reload();
      await expect(chips).toHaveText(['INBOX', folder]);
    });

    test('Fetch Emails: only for a stored configuration outside editing; it fetches and shows the last sync', async ({
      page,
      baseURL,
    }) => {
      const token = await signedInAdmin(page, baseURL!, 'escfetch');
      const subject = `Order question ${Date.now()}`;
      const client = await dovecot.client();
      try {
        await client.append('INBOX', rawMessage(subject));
      } finally {
        await client.logout();
      }
      await api(baseURL!, token, 'POST', '/email-server-config', configBody(dovecot));
      const calls = recordConfigCalls(page);
      await openScreen(page);

      // Inactive and never synced.
      await expect(page.getByTestId('last-sync')).toHaveText('Not synced yet');
      const fetchButton = page.getByRole('button', { name: 'Fetch Emails' });
      await expect(fetchButton).toBeVisible();
      await page.getByRole('button', { name: 'Edit' }).click();
      await expect(fetchButton).toHaveCount(0);
      await page.getByRole('button', { name: 'Cancel' }).click();
      await expect(fetchButton).toBeVisible();

      await fetchButton.click();
      await expect(message(page)).toHaveText('Fetched 1 new emails', { timeout: 20_000 });
      expect(calls).toContain('POST /emails/fetch');
      // The status follows at once: the last sync time as the server stored it.
      const stored = await api<{ lastSyncAt: string | null }>(baseURL!, token, 'GET', '/email-server-config');
      expect(stored.lastSyncAt).not.toBeNull();
      await expect(page.getByTestId('last-sync')).toHaveText(`Last sync: ${await shownTime(page, stored.lastSyncAt!)}`);

      // Nothing new the second time.
      await fetchButton.click();
      await expect(message(page)).toHaveText('Fetched 0 new emails', { timeout: 20_000 });

      await page.goto('/admin/inbox');
      await expect(page.getByTestId('email-subject').filter({ hasText: subject })).toBeVisible();
    });
  });

  test('a closed port: the fetch error and the Czech folder-list failure', async ({ page, baseURL }) => {
    const token = await signedInAdmin(page, baseURL!, 'escclosed');
    const closed = { host: '127.0.0.1', port: await freePort(), user: 'support', password: 'closed-port-pw' };
    await api(baseURL!, token, 'POST', '/email-server-config', configBody(closed));
    await openScreen(page);

    await page.getByRole('button', { name: 'Fetch Emails' }).click();
    await expect(message(page)).toHaveText(
      'Error fetching emails: Fetching emails failed: The mail server refused the connection.',
      { timeout: 20_000 },
    );

    // The folder list cannot be loaded either: the Czech message.
    await page.getByRole('button', { name: 'Edit' }).click();
    await page.getByRole('button', { name: 'Load folders' }).click();
    await expect(message(page)).toHaveText('Nepodařilo se načíst složky IMAP');
    await expect(page.getByRole('button', { name: 'Save' })).toBeVisible();
  });

  test('an active configuration on a closed port: the open page shows the last error with its time', async ({
    page,
    baseURL,
  }) => {
    const token = await signedInAdmin(page, baseURL!, 'escactive');
    const closed = { host: '127.0.0.1', port: await freePort(), user: 'support', password: 'closed-port-pw' };
    const REFUSED = 'The mail server refused the connection.';
    const lastErrorAt = async () =>
      (await api<{ lastErrorAt: string | null }>(baseURL!, token, 'GET', '/email-server-config')).lastErrorAt;
    await openScreen(page);
    try {
      await fillClosed(page, closed);
      await page.getByTestId('config-active').click();
      await expect(page.locator('#config-active')).toBeChecked();
      await page.getByRole('button', { name: 'Save' }).click();
      await expect(message(page)).toHaveText('Email server configuration saved');

      // No interaction: the page refreshes the status of an active configuration by itself. The worker retries
      // with a growing backoff, so the shown time settles on the latest recorded one.
      await expect(page.getByTestId('last-error')).toContainText(REFUSED, { timeout: 20_000 });
      await expect
        .poll(
          async () => {
            const at = await lastErrorAt();
            const shown = await page.getByTestId('last-error').textContent();
            return at !== null && shown === `Last error (${await shownTime(page, at)}): ${REFUSED}`;
          },
          { timeout: 25_000, intervals: [250, 500, 1_000] },
        )
        .toBe(true);

      // Deactivated, the worker stops; the recorded error and its time stay, also after a reload.
      await page.getByRole('button', { name: 'Edit' }).click();
      await page.getByTestId('config-active').click();
      await expect(page.locator('#config-active')).not.toBeChecked();
      await page.getByRole('button', { name: 'Save' }).click();
      await expect(message(page)).toHaveText('Email server configuration saved');
      const at = await lastErrorAt();
      expect(at).not.toBeNull();
      await page.reload();
      await expect(page.getByTestId('last-error')).toHaveText(`Last error (${await shownTime(page, at!)}): ${REFUSED}`);
      await expect(page.getByTestId('last-sync')).toHaveText('Not synced yet');
    } finally {
      // Stop the worker's retries whatever happened above.
      await api(baseURL!, token, 'PUT', '/email-server-config', configBody(closed, { isActive: false })).catch(
        () => undefined,
      );
    }
  });

  test('the error notices of failed calls: load, test and save', async ({ page, baseURL }) => {
    await signedInAdmin(page, baseURL!, 'escerrors');
    // The server is healthy; these answers are what the page shows when it is not.
    await page.route('**/api/email-server-config', (route) =>
      route.fulfill({ status: 500, contentType: 'application/json', body: '{"message":"down"}' }),
    );
    await page.route('**/api/email-server-config/test', (route) =>
      route.fulfill({ status: 500, contentType: 'application/json', body: '{"message":"down"}' }),
    );
    await page.goto('/admin/email-server-config');
    await expect(message(page)).toHaveText('Error loading email server configuration');
    await expect(page.getByRole('button', { name: 'Fetch Emails' })).toHaveCount(0);

    await page.getByRole('button', { name: 'Edit' }).click();
    await fillClosed(page, { host: 'imap.example.test', port: 993, user: 'support', password: 'pw' });
    await page.getByRole('button', { name: 'Test Connection' }).click();
    await expect(message(page)).toHaveText('Error testing connection');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(message(page)).toHaveText('Error saving email server configuration');
    await expect(page.getByRole('button', { name: 'Save' })).toBeVisible();
  });
});

/** Fills a complete configuration whose IMAP is the given host and port. */
async function fillClosed(
  page: Page,
  imap: { host: string; port: number; user: string; password: string },
): Promise<void> {
  const smtp = smtpSink();
  await page.getByTestId('imap-host').fill(imap.host);
  await page.getByTestId('imap-port').fill(String(imap.port));
  await page.getByTestId('imap-username').fill(imap.user);
  await page.getByTestId('imap-password').fill(imap.password);
  await page.getByTestId('imap-ssl').click();
  await expect(page.locator('#imap-ssl')).not.toBeChecked();
  await page.getByTestId('smtp-host').fill(smtp.host);
  await page.getByTestId('smtp-port').fill(String(smtp.port));
  await page.getByTestId('smtp-username').fill('support@example.test');
  await page.getByTestId('smtp-password').fill(SMTP_PASSWORD);
  await page.getByTestId('from-email').fill('support@example.test');
}
