import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { Provider } from 'react-redux';
import { MemoryRouter, useLocation } from 'react-router-dom';
import type { EmailServerConfig } from '@teaminbox/contracts';
import { initI18n } from '@teaminbox/ui';
import { createAppStore, injectFeature, mailServerApi, userLoaded, type AppStore } from '@teaminbox/web-store';
import feature from '../../feature';
import EmailServerConfigPage, { STORED_PASSWORD_PLACEHOLDER } from './EmailServerConfigPage';
import { browser } from './emailServerConfigSaga';
import { fakeFetch, type Routes } from '../../testing/admin-harness';

const stored = (fields: Partial<EmailServerConfig> = {}): EmailServerConfig => ({
  id: 'c1',
  imapHost: 'imap.example.com',
  imapPort: 993,
  imapUsername: 'support@example.com',
  imapPasswordSet: true,
  imapUseSsl: true,
  imapFolder: 'INBOX',
  imapFolders: ['INBOX'],
  smtpHost: 'smtp.example.com',
  smtpPort: 587,
  smtpUsername: 'support@example.com',
  smtpPasswordSet: true,
  smtpUseSsl: false,
  smtpUseTls: true,
  authType: 'PASSWORD',
  oauthProvider: null,
  fromEmail: 'support@example.com',
  fromName: 'Support',
  isActive: false,
  applyRulesToFirstSync: true,
  lastSyncAt: null,
  lastError: null,
  lastErrorAt: null,
  syncProgress: null,
  ...fields,
});

/** Shows the router's current URL, to check what the page leaves in it. */
function LocationProbe() {
  const current = useLocation();
  return <span data-testid="location">{`${current.pathname}${current.search}`}</span>;
}

function setup(routes: Routes, url = '/admin/email-server-config', role: 'ADMIN' | 'MEMBER' = 'ADMIN') {
  initI18n('en');
  const { calls } = fakeFetch(routes);
  const store: AppStore = createAppStore({ withoutCoreSagas: true });
  store.dispatch(
    userLoaded({ id: 'me', email: 'jana@example.com', firstName: null, lastName: null, role, teamId: 't1' }),
  );
  injectFeature(store, feature);
  const view = render(
    <Provider store={store}>
      <MemoryRouter initialEntries={[url]}>
        <LocationProbe />
        <EmailServerConfigPage />
      </MemoryRouter>
    </Provider>,
  );
  return { store, calls, view };
}

const input = (testId: string) => screen.getByTestId(testId) as HTMLInputElement;
/** PrimeReact puts the test id on the checkbox's wrapper; the state lives on its native input. */
const box = (testId: string) => screen.getByTestId(testId).querySelector('input') as HTMLInputElement;
const type = (testId: string, value: string) => fireEvent.change(input(testId), { target: { value } });

/** Picks the Gmail preset, fills in what it leaves open (usernames, passwords, From address) and saves. */
function saveGmailConfiguration() {
  fireEvent.click(screen.getByTestId('config-preset-gmail'));
  type('imap-username', 'support@example.com');
  type('imap-password', 'imap-secret');
  type('smtp-username', 'support@example.com');
  type('smtp-password', 'smtp-secret');
  type('from-email', 'support@example.com');
  fireEvent.click(screen.getByTestId('config-save'));
}
const message = () => screen.findByTestId('config-message');
/** The Edit button once the stored configuration is loaded (it waits while a load is under way). */
const editButton = async () => {
  const edit = await screen.findByTestId('config-edit');
  await waitFor(() => expect(edit).toBeEnabled());
  return edit;
};
const NONE: Routes = {};

beforeEach(() => localStorage.clear());

describe('a team without a configuration (404)', () => {
  it('opens editing mode with the defaults of a new configuration', async () => {
    setup(NONE);
    expect(await screen.findByTestId('config-save')).toBeInTheDocument();
    expect(input('imap-port')).toHaveValue(993);
    expect(box('imap-ssl')).toBeChecked();
    expect(input('imap-folder')).toHaveValue('INBOX');
    expect(input('smtp-port')).toHaveValue(587);
    expect(box('smtp-ssl')).not.toBeChecked();
    expect(box('smtp-tls')).toBeChecked();
    expect(box('config-active')).not.toBeChecked();
    expect(input('imap-host')).toBeEnabled();
    expect(screen.getByTestId('config-test')).toBeInTheDocument();
    expect(screen.getByTestId('config-cancel')).toBeInTheDocument();
    expect(screen.queryByTestId('config-edit')).not.toBeInTheDocument();
    expect(screen.queryByTestId('fetch-emails')).not.toBeInTheDocument();
    expect(screen.queryByTestId('config-message')).not.toBeInTheDocument();
  });

  it.each([
    ['gmail', 'imap.gmail.com', 'smtp.gmail.com'],
    ['outlook', 'outlook.office365.com', 'smtp.office365.com'],
    ['yahoo', 'imap.mail.yahoo.com', 'smtp.mail.yahoo.com'],
  ])('the %s preset sets its hosts, IMAP 993 with SSL and SMTP 587 with TLS', async (preset, imap, smtp) => {
    setup(NONE);
    await screen.findByTestId('config-save');
    type('imap-port', '143');
    type('smtp-port', '25');
    fireEvent.click(box('imap-ssl'));
    fireEvent.click(box('smtp-tls'));
    fireEvent.click(screen.getByTestId(`config-preset-${preset}`));
    expect(input('imap-host')).toHaveValue(imap);
    expect(input('smtp-host')).toHaveValue(smtp);
    expect(input('imap-port')).toHaveValue(993);
    expect(box('imap-ssl')).toBeChecked();
    expect(input('smtp-port')).toHaveValue(587);
    expect(box('smtp-tls')).toBeChecked();
    expect(box('smtp-ssl')).not.toBeChecked();
  });

  it('refuses to test or save an incomplete configuration with the three messages, sending nothing', async () => {
    const { calls } = setup(NONE);
    await screen.findByTestId('config-save');
    fireEvent.click(screen.getByTestId('config-test'));
    expect(await message()).toHaveTextContent('Please fill in all IMAP settings');

    type('imap-host', 'imap.example.com');
    type('imap-username', 'support@example.com');
    fireEvent.click(screen.getByTestId('config-save'));
    // The IMAP password is still missing.
    await waitFor(() =>
      expect(screen.getByTestId('config-message')).toHaveTextContent('Please fill in all IMAP settings'),
    );
    type('imap-password', 'secret');
    fireEvent.click(screen.getByTestId('config-save'));
    await waitFor(() =>
      expect(screen.getByTestId('config-message')).toHaveTextContent('Please fill in all SMTP settings'),
    );

    type('smtp-host', 'smtp.example.com');
    type('smtp-username', 'support@example.com');
    type('smtp-password', 'secret');
    fireEvent.click(screen.getByTestId('config-test'));
    await waitFor(() =>
      expect(screen.getByTestId('config-message')).toHaveTextContent('Please fill in the From Email address'),
    );
    expect(calls.filter((c) => c.method !== 'GET')).toEqual([]);
  });

  it('creates the configuration with POST and returns to view mode', async () => {
    const { calls } = setup({ 'POST /api/email-server-config': [200, stored()] });
    await screen.findByTestId('config-save');
    saveGmailConfiguration();
    expect(await screen.findByTestId('config-edit')).toBeInTheDocument();
    const post = calls.find((c) => c.method === 'POST')!;
    expect(post.body).toMatchObject({
      imapHost: 'imap.gmail.com',
      imapPort: 993,
      imapPassword: 'imap-secret',
      smtpHost: 'smtp.gmail.com',
      smtpPassword: 'smtp-secret',
      smtpUseTls: true,
      fromEmail: 'support@example.com',
      isActive: false,
    });
    expect(input('imap-host')).toBeDisabled();
    expect(input('imap-password')).toHaveValue('');
    expect(await screen.findByTestId('fetch-emails')).toBeInTheDocument();
  });
});

describe('the rules on the first synchronisation of old mail', () => {
  const option = () => box('config-apply-rules-first-sync');

  it('is on for a new configuration, with its explanation, and a save sends the choice', async () => {
    const { calls } = setup({ 'POST /api/email-server-config': [200, stored({ applyRulesToFirstSync: false })] });
    await screen.findByTestId('config-save');
    expect(option()).toBeChecked();
    expect(option()).toBeEnabled();
    expect(
      screen.getByLabelText('Apply the rules to the mail already in the mailbox when it is first synchronised'),
    ).toBe(option());
    expect(option()).toHaveAccessibleDescription(
      'Off: the rules act only on mail that arrives after the first synchronisation; the mail already there is left as it is.',
    );
    fireEvent.click(option());
    expect(option()).not.toBeChecked();
    saveGmailConfiguration();
    expect(await screen.findByTestId('config-edit')).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'POST')!.body).toMatchObject({ applyRulesToFirstSync: false });
    expect(option()).not.toBeChecked();
    expect(option()).toBeDisabled();
  });

  it('shows the stored choice and changes it with an update', async () => {
    const { calls } = setup({
      'GET /api/email-server-config': [200, stored({ applyRulesToFirstSync: false })],
      'PUT /api/email-server-config': [200, stored({ applyRulesToFirstSync: true })],
    });
    expect(await screen.findByTestId('config-edit')).toBeInTheDocument();
    expect(option()).not.toBeChecked();
    expect(option()).toBeDisabled();
    fireEvent.click(screen.getByTestId('config-edit'));
    fireEvent.click(option());
    fireEvent.click(screen.getByTestId('config-save'));
    expect(await screen.findByTestId('config-edit')).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'PUT')!.body).toMatchObject({ applyRulesToFirstSync: true });
    expect(option()).toBeChecked();
  });
});

describe('a stored configuration', () => {
  it('shows view mode, never echoes a password, and marks the stored ones', async () => {
    const { calls } = setup({
      'GET /api/email-server-config': [200, stored()],
      'PUT /api/email-server-config': [200, stored({ fromName: 'Help desk' })],
    });
    expect(await screen.findByTestId('config-edit')).toBeInTheDocument();
    expect(input('imap-host')).toHaveValue('imap.example.com');
    expect(input('imap-host')).toBeDisabled();
    expect(input('imap-password')).toHaveValue('');
    expect(input('imap-password')).toHaveAttribute('type', 'password');
    expect(input('imap-password')).toHaveAttribute('placeholder', STORED_PASSWORD_PLACEHOLDER);
    expect(input('smtp-password')).toHaveAttribute('placeholder', STORED_PASSWORD_PLACEHOLDER);

    // Stored passwords count as filled: the update goes out without any password.
    fireEvent.click(screen.getByTestId('config-edit'));
    type('from-name', 'Help desk');
    fireEvent.click(screen.getByTestId('config-save'));
    expect(await screen.findByTestId('config-edit')).toBeInTheDocument();
    const put = calls.find((c) => c.method === 'PUT')!.body as Record<string, unknown>;
    expect(put.fromName).toBe('Help desk');
    expect(put).not.toHaveProperty('imapPassword');
    expect(put).not.toHaveProperty('smtpPassword');
    expect(screen.getByTestId('config-message')).toHaveTextContent('Email server configuration saved');
  });

  it('shows Fetch Emails only outside editing, and its answer', async () => {
    setup({
      'GET /api/email-server-config': [200, stored()],
      'POST /api/emails/fetch': [
        [200, { success: true, message: '3 new emails' }],
        [200, { success: false, message: 'IMAP login failed' }],
        [500, {}],
      ],
    });
    fireEvent.click(await screen.findByTestId('fetch-emails'));
    expect(await message()).toHaveTextContent('3 new emails');
    fireEvent.click(screen.getByTestId('fetch-emails'));
    await waitFor(() =>
      expect(screen.getByTestId('config-message')).toHaveTextContent('Error fetching emails: IMAP login failed'),
    );
    fireEvent.click(screen.getByTestId('fetch-emails'));
    await waitFor(() => expect(screen.getByTestId('config-message')).toHaveTextContent(/^Error fetching emails$/));

    fireEvent.click(screen.getByTestId('config-edit'));
    expect(screen.queryByTestId('fetch-emails')).not.toBeInTheDocument();
  });

  it('after a manual fetch, shows the new sync status of an inactive configuration at once', async () => {
    const { calls } = setup({
      'GET /api/email-server-config': [
        [200, stored()],
        [200, stored({ lastSyncAt: '2026-01-05T10:00:00Z' })],
        [
          200,
          stored({ lastSyncAt: '2026-01-05T10:00:00Z', lastError: 'Refused', lastErrorAt: '2026-01-05T11:00:00Z' }),
        ],
      ],
      'POST /api/emails/fetch': [
        [200, { success: true, message: 'Fetched 2 new emails' }],
        [200, { success: false, message: 'Refused' }],
      ],
    });
    expect(await screen.findByTestId('last-sync')).toHaveTextContent('Not synced yet');
    fireEvent.click(screen.getByTestId('fetch-emails'));
    expect(await message()).toHaveTextContent('Fetched 2 new emails');
    await waitFor(() => expect(screen.getByTestId('last-sync')).toHaveTextContent('Last sync:'));
    expect(screen.queryByTestId('last-error')).not.toBeInTheDocument();

    fireEvent.click(screen.getByTestId('fetch-emails'));
    expect(await screen.findByTestId('last-error')).toHaveTextContent('Refused');
    expect(screen.getByTestId('config-message')).toHaveTextContent('Error fetching emails: Refused');
    expect(calls.filter((c) => c.method === 'GET' && c.path === '/api/email-server-config')).toHaveLength(3);
  });

  it('keeps the stored configuration in the api cache: a save’s answer replaces it, a failed refresh keeps it', async () => {
    const { store, calls } = setup({
      'GET /api/email-server-config': [
        [200, stored()],
        [503, { message: 'down' }],
      ],
      'PUT /api/email-server-config': [200, stored({ fromName: 'Helpdesk' })],
      'POST /api/emails/fetch': [200, { success: true, message: 'Fetched 0 new emails' }],
    });
    const cached = () => mailServerApi.endpoints.emailServerConfig.select()(store.getState()).data;
    fireEvent.click(await editButton());
    expect(cached()).toEqual(stored());
    type('from-name', 'Helpdesk');
    fireEvent.click(screen.getByTestId('config-save'));
    expect(await message()).toHaveTextContent('Email server configuration saved');
    expect(cached()).toEqual(stored({ fromName: 'Helpdesk' }));
    expect(input('from-name')).toHaveValue('Helpdesk');

    // The status refresh after a manual fetch fails: the configuration shown stays, with the fetch's message only.
    fireEvent.click(screen.getByTestId('fetch-emails'));
    expect(await message()).toHaveTextContent('Fetched 0 new emails');
    await waitFor(() =>
      expect(calls.filter((c) => c.method === 'GET' && c.path === '/api/email-server-config')).toHaveLength(2),
    );
    expect(cached()).toEqual(stored({ fromName: 'Helpdesk' }));
    expect(input('from-name')).toHaveValue('Helpdesk');
    expect(screen.getByTestId('config-message')).toHaveTextContent('Fetched 0 new emails');
  });

  it('reports a failed connection test with the server message, and an error of the call', async () => {
    const { calls } = setup({
      'GET /api/email-server-config': [200, stored()],
      'POST /api/email-server-config/test': [
        [200, { success: false, message: 'Authentication failed' }],
        [500, { message: 'boom' }],
      ],
    });
    fireEvent.click(await editButton());
    fireEvent.click(screen.getByTestId('config-test'));
    expect(await message()).toHaveTextContent('Connection test failed: Authentication failed');
    fireEvent.click(screen.getByTestId('config-test'));
    await waitFor(() => expect(screen.getByTestId('config-message')).toHaveTextContent(/^Error testing connection$/));
    expect(calls.find((c) => c.method === 'POST')!.body).toMatchObject({ imapHost: 'imap.example.com' });
  });

  it('Cancel drops the edits and reloads the stored configuration', async () => {
    const { calls } = setup({ 'GET /api/email-server-config': [200, stored()] });
    fireEvent.click(await editButton());
    type('imap-host', 'changed.example.com');
    fireEvent.click(screen.getByTestId('config-cancel'));
    expect(await screen.findByTestId('config-edit')).toBeInTheDocument();
    expect(input('imap-host')).toHaveValue('imap.example.com');
    expect(calls.filter((c) => c.path === '/api/email-server-config')).toHaveLength(2);
  });

  it('shows the load error (other than 404)', async () => {
    setup({ 'GET /api/email-server-config': [500, { message: 'down' }] });
    expect(await message()).toHaveTextContent('Error loading email server configuration');
    // No configuration is known: nothing to fetch from.
    expect(screen.queryByTestId('fetch-emails')).not.toBeInTheDocument();
  });

  it('loads the IMAP folders into the multi-select, and says so in Czech when it fails', async () => {
    setup({
      'GET /api/email-server-config': [200, stored()],
      'GET /api/email-server-config/imap-folders': [
        [200, ['INBOX', 'Archive', 'Support']],
        [502, { message: 'no' }],
      ],
    });
    fireEvent.click(await editButton());
    fireEvent.click(screen.getByTestId('imap-folders-load'));
    fireEvent.click(screen.getByTestId('imap-folders-select'));
    expect(await screen.findByRole('option', { name: 'Support', hidden: true })).toBeInTheDocument();
    fireEvent.click(screen.getByTestId('imap-folders-load'));
    expect(await message()).toHaveTextContent('Nepodařilo se načíst složky IMAP');
  });

  it('shows the last sync, the last error with its time and the progress of a first sync', async () => {
    setup({
      'GET /api/email-server-config': [
        200,
        stored({
          lastSyncAt: '2026-01-05T10:00:00Z',
          lastError: 'Connection refused',
          lastErrorAt: '2026-01-05T10:05:00Z',
          syncProgress: { total: 200, done: 50 },
        }),
      ],
    });
    expect(await screen.findByTestId('last-sync')).toHaveTextContent('Last sync:');
    expect(screen.getByTestId('last-error')).toHaveTextContent('Connection refused');
    expect(screen.getByTestId('sync-progress')).toHaveTextContent('50 of 200');
    expect(screen.getByTestId('sync-progress').querySelector('[role="progressbar"]')).toHaveAttribute(
      'aria-valuenow',
      '25',
    );
  });
});

describe('OAuth2', () => {
  it('with Google, locks the server fields and the passwords, and the filled From Email', async () => {
    setup({
      'GET /api/email-server-config': [200, stored({ authType: 'OAUTH2', oauthProvider: 'GOOGLE' })],
    });
    fireEvent.click(await editButton());
    for (const id of ['imap-host', 'imap-port', 'imap-username', 'smtp-host', 'smtp-port', 'smtp-username'])
      expect(input(id)).toBeDisabled();
    for (const id of ['imap-ssl', 'smtp-ssl', 'smtp-tls']) expect(box(id)).toBeDisabled();
    expect(input('imap-password')).toBeDisabled();
    expect(input('smtp-password')).toBeDisabled();
    expect(input('from-email')).toHaveAttribute('readonly');
    expect(input('from-name')).toBeEnabled();
  });

  it('with Microsoft, locks only the passwords', async () => {
    setup({
      'GET /api/email-server-config': [200, stored({ authType: 'OAUTH2', oauthProvider: 'MICROSOFT' })],
    });
    fireEvent.click(await editButton());
    expect(input('imap-host')).toBeEnabled();
    expect(box('smtp-tls')).toBeEnabled();
    expect(input('imap-password')).toBeDisabled();
    expect(input('smtp-password')).toBeDisabled();
  });

  it('shows the Czech success message on return and removes the parameter from the URL', async () => {
    setup({ 'GET /api/email-server-config': [200, stored()] }, '/admin/email-server-config?oauth=success&x=1');
    expect(await message()).toHaveTextContent('Přihlášení přes OAuth proběhlo úspěšně');
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/admin/email-server-config?x=1'));
    await screen.findByTestId('config-edit');
    expect(screen.getByTestId('config-message')).toHaveTextContent('Přihlášení přes OAuth proběhlo úspěšně');
  });

  it('shows the Czech failure message on return', async () => {
    setup(NONE, '/admin/email-server-config?oauth=error');
    expect(await message()).toHaveTextContent('Přihlášení přes OAuth se nezdařilo');
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/admin/email-server-config'));
  });

  it('sends the browser to the provider URL, or shows why not', async () => {
    const redirect = jest.spyOn(browser, 'redirect').mockImplementation(() => undefined);
    setup({
      'GET /api/email-server-config': [200, stored()],
      'GET /api/email-server-config/oauth/google/url': [200, { url: 'https://accounts.example/auth?x=1' }],
      'GET /api/email-server-config/oauth/microsoft/url': [404, { message: 'Cannot GET /oauth/microsoft/url' }],
    });
    fireEvent.click(await screen.findByTestId('oauth-google'));
    await waitFor(() => expect(redirect).toHaveBeenCalledWith('https://accounts.example/auth?x=1'));
    fireEvent.click(screen.getByTestId('oauth-microsoft'));
    expect(await message()).toHaveTextContent('Cannot GET /oauth/microsoft/url');
    redirect.mockRestore();
  });
});

describe('the sync status while the page is open', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  it('refreshes an active configuration every few seconds and stops when the page closes', async () => {
    const { calls, view } = setup({
      'GET /api/email-server-config': [
        [200, stored({ isActive: true, syncProgress: { total: 10, done: 2 } })],
        [200, stored({ isActive: true, lastSyncAt: '2026-01-05T10:00:00Z' })],
      ],
    });
    await act(async () => {
      // The store notifies the screen on the next animation frame.
      await jest.advanceTimersByTimeAsync(50);
    });
    expect(screen.getByTestId('sync-progress')).toBeInTheDocument();
    await act(async () => {
      await jest.advanceTimersByTimeAsync(2600);
    });
    expect(screen.queryByTestId('sync-progress')).not.toBeInTheDocument();
    expect(screen.getByTestId('last-sync')).toHaveTextContent('Last sync:');
    const loads = calls.length;
    view.unmount();
    await act(async () => {
      await jest.advanceTimersByTimeAsync(10000);
    });
    expect(calls.length).toBe(loads);
  });
});

describe('roles and the quarantine', () => {
  const held = {
    id: 'q1',
    folder: 'INBOX',
    uid: 7,
    reason: 'The message could not be stored: value too long',
    size: 2048,
    hasSource: true,
    quarantinedAt: '2026-11-02T10:00:00.000Z',
    attempts: 1,
  };

  it('shows a MEMBER the configuration read-only: no edit, test, fetch, OAuth or quarantine', async () => {
    const { calls } = setup({ 'GET /api/email-server-config': [200, stored()] }, undefined, 'MEMBER');
    expect(await screen.findByTestId('config-read-only')).toHaveTextContent(
      'Only an ADMIN or a MAINTAINER can change the email server configuration.',
    );
    await waitFor(() => expect(input('imap-host')).toHaveValue('imap.example.com'));
    expect(input('imap-host')).toBeDisabled();
    for (const testId of ['config-edit', 'config-test', 'config-save', 'fetch-emails', 'oauth-google', 'quarantine']) {
      expect(screen.queryByTestId(testId)).not.toBeInTheDocument();
    }
    expect(calls.some((c) => c.path.includes('quarantine'))).toBe(false);
  });

  it('keeps a MEMBER out of editing when no configuration exists either', async () => {
    setup(NONE, undefined, 'MEMBER');
    expect(await screen.findByTestId('config-read-only')).toBeInTheDocument();
    expect(screen.queryByTestId('config-save')).not.toBeInTheDocument();
  });

  it('lists quarantined messages for an ADMIN and retries one, then reloads the list', async () => {
    const { calls } = setup({
      'GET /api/email-server-config': [200, stored()],
      'GET /api/email-server-config/quarantine': [
        [200, [held]],
        [200, []],
      ],
      'POST /api/email-server-config/quarantine/q1/retry': [200, { success: true, message: 'imported' }],
    });
    const row = await screen.findByTestId('quarantine-row');
    expect(row).toHaveTextContent('The message could not be stored: value too long');
    expect(row).toHaveTextContent('INBOX');
    fireEvent.click(screen.getByTestId('quarantine-retry'));
    expect(await message()).toHaveTextContent('The message was imported into the inbox.');
    await waitFor(() => expect(screen.queryByTestId('quarantine-row')).not.toBeInTheDocument());
    expect(screen.getByTestId('quarantine')).toHaveTextContent('No message is in quarantine.');
    expect(calls.filter((c) => c.method === 'POST').map((c) => c.path)).toEqual([
      '/api/email-server-config/quarantine/q1/retry',
    ]);
  });

  it('keeps the quarantine in the api cache: a retry reloads it, a failed reload keeps the rows with a warning', async () => {
    const { store, calls } = setup({
      'GET /api/email-server-config': [200, stored()],
      'GET /api/email-server-config/quarantine': [
        [200, [held]],
        [500, { message: 'down' }],
      ],
      'POST /api/email-server-config/quarantine/q1/retry': [400, { success: false, message: 'value too long' }],
    });
    await screen.findByTestId('quarantine-row');
    expect(mailServerApi.endpoints.mailQuarantine.select()(store.getState()).data).toEqual([held]);
    fireEvent.click(screen.getByTestId('quarantine-retry'));
    expect(await message()).toHaveTextContent('Still in quarantine: value too long');
    expect(await screen.findByText('The quarantined messages could not be loaded.')).toBeInTheDocument();
    expect(calls.filter((c) => c.path === '/api/email-server-config/quarantine')).toHaveLength(2);
    expect(screen.getByTestId('quarantine-row')).toHaveTextContent('The message could not be stored: value too long');
  });

  it('shows why a retry failed', async () => {
    setup({
      'GET /api/email-server-config': [200, stored()],
      'GET /api/email-server-config/quarantine': [200, [held]],
      'POST /api/email-server-config/quarantine/q1/retry': [200, { success: false, message: 'still broken' }],
    });
    fireEvent.click(await screen.findByTestId('quarantine-retry'));
    expect(await message()).toHaveTextContent('Still in quarantine: still broken');
  });

  it('asks for the password again when the host of a stored one changes', async () => {
    const { calls } = setup({ 'GET /api/email-server-config': [200, stored()] });
    fireEvent.click(await editButton());
    expect(input('imap-password')).toHaveAttribute('placeholder', STORED_PASSWORD_PLACEHOLDER);
    type('imap-host', 'imap.elsewhere.example');
    expect(input('imap-password')).not.toHaveAttribute('placeholder');
    fireEvent.click(screen.getByTestId('config-save'));
    expect(await message()).toHaveTextContent('Enter the IMAP password again');
    expect(calls.filter((c) => c.method !== 'GET')).toEqual([]);
  });
});
