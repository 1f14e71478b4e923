import { fireEvent, screen, waitFor } from '@testing-library/react';
import { api } from '@teaminbox/api-client';
import { selectPendingNotices } from '@teaminbox/web-store';
import NotificationSettingsPage from '../NotificationSettingsPanel';
import { renderSettingsScreen } from '../../../testing/settings-harness';
import { answerRoutes, type Routes } from '../../../testing/server-routes';
import { notificationSettings } from '../../../testing/notification-settings';

const SETTINGS = 'GET /api/notification-settings';
const SAVE = 'PUT /api/notification-settings';
const PREFERENCES = 'GET /api/user/preferences';
const AVAILABILITY = 'PUT /api/me/availability';

const stored = notificationSettings({ id: 's1' });

function setup(settings: Routes[string], emailProven = true, routes: Routes = {}) {
  const server = answerRoutes({
    [SETTINGS]: settings,
    [PREFERENCES]: [200, { emailDetailViewMode: 'classic', onVacation: true, language: 'en' }],
    ...routes,
  });
  return { store: renderSettingsScreen(<NotificationSettingsPage />, { emailProven }), ...server };
}

const switchOf = (testId: string) => screen.getByTestId(testId).querySelector('input') as HTMLInputElement;

describe('the notification settings', () => {
  afterEach(() => jest.restoreAllMocks());

  it('shows the texts, the availability, and the Slack webhook only when Slack is on', async () => {
    setup([200, stored]);
    await screen.findByTestId('notification-settings');
    for (const text of [
      'I am on vacation (do not auto-assign e-mails to me)',
      'Save availability',
      'New e-mails',
      'Assigned tasks',
      'New comments',
      'Reset to defaults',
    ])
      expect(screen.getByText(text)).toBeInTheDocument();
    await waitFor(() => expect(screen.getByTestId('settings-vacation')).toHaveAttribute('aria-checked', 'true'));
    expect(screen.queryByTestId('settings-slack-webhook')).toBeNull();
    expect(screen.queryByTestId('settings-EMAIL_RECEIVED-slack')).toBeNull();
    fireEvent.click(switchOf('settings-slack'));
    expect(await screen.findByTestId('settings-slack-webhook')).toHaveAttribute('type', 'url');
    expect(screen.getByTestId('settings-EMAIL_RECEIVED-slack')).toBeInTheDocument();
    expect(screen.getByTestId('settings-TASK_ASSIGNED-message')).toHaveAttribute(
      'placeholder',
      'You were assigned: {taskName}',
    );
  });

  it('says why no notification email comes while the address is unproven, and mails a login link to prove it', async () => {
    const sent = jest.spyOn(api, 'sendLoginLink').mockResolvedValue({
      success: true,
      message: 'If an account exists for this address, we have sent a login link to it.',
    });
    setup([200, stored], false);
    expect(await screen.findByTestId('email-proof-why')).toHaveTextContent(
      'Invitations and notification emails are sent only from and to addresses that are confirmed. Confirm that a@x.test is yours',
    );
    fireEvent.click(screen.getByRole('button', { name: 'Send me a login link' }));
    expect(await screen.findByTestId('email-proof-sent')).toHaveTextContent('We have sent a login link to a@x.test.');
    expect(sent).toHaveBeenCalledWith('a@x.test');
  });

  it('shows no such notice to a proven address', async () => {
    setup([200, stored]);
    await screen.findByTestId('notification-settings');
    expect(screen.queryByTestId('email-proof')).toBeNull();
  });

  it('falls back to the defaults of the current user when loading fails, and saves them as the whole object', async () => {
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    const { calls } = setup([500, { message: 'down' }], true, { [SAVE]: (body) => [200, body] });
    await screen.findByTestId('notification-settings');
    expect(warn).toHaveBeenCalledWith(
      'notification settings could not be loaded; showing the defaults',
      expect.objectContaining({ status: 500 }),
    );
    expect(switchOf('settings-email')).toBeChecked();
    expect(switchOf('settings-push')).toBeChecked();
    expect(switchOf('settings-slack')).not.toBeChecked();
    fireEvent.click(screen.getByTestId('settings-save'));
    await waitFor(() => expect(calls.map((call) => `${call.method} ${call.path}`)).toContain(SAVE));
    expect(calls.find((call) => `${call.method} ${call.path}` === SAVE)?.body).toEqual(notificationSettings());
  });

  it("shows 'Ukládám...' while saving, saves the whole object, says so, and resets to the defaults", async () => {
    let finish: (answer: [number, unknown]) => void = () => undefined;
    const { store, calls } = setup([200, { ...stored, htmlSignature: '<p>Old</p>', useThreads: false }], true, {
      [SAVE]: () => new Promise((resolve) => (finish = resolve)),
    });
    fireEvent.change(await screen.findByTestId('settings-signature'), { target: { value: '<p>New</p>' } });
    fireEvent.click(screen.getByTestId('settings-save'));
    expect(await screen.findByText('Ukládám...')).toBeInTheDocument();
    const saved = calls.find((call) => `${call.method} ${call.path}` === SAVE);
    expect(saved?.body).toEqual(expect.objectContaining({ htmlSignature: '<p>New</p>', useThreads: false }));
    finish([200, { ...stored, htmlSignature: '<p>Stored</p>' }]);
    await waitFor(() => expect(screen.queryByText('Ukládám...')).toBeNull());
    // The stored settings the server answered are shown.
    expect(screen.getByTestId('settings-signature')).toHaveValue('<p>Stored</p>');
    expect(selectPendingNotices(store.getState())).toContainEqual(
      expect.objectContaining({ severity: 'success', key: 'notificationSettings.saved', lifeMs: 2000 }),
    );
    fireEvent.click(screen.getByTestId('settings-reset'));
    expect(screen.getByTestId('settings-signature')).toHaveValue('');
  });

  it('keeps the edits and raises no notice when the save fails', async () => {
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    const { store } = setup([200, stored], true, { [SAVE]: [500, { message: 'down' }] });
    fireEvent.change(await screen.findByTestId('settings-signature'), { target: { value: '<p>Mine</p>' } });
    fireEvent.click(screen.getByTestId('settings-save'));
    await waitFor(() =>
      expect(warn).toHaveBeenCalledWith(
        'notification settings could not be saved',
        expect.objectContaining({ status: 500 }),
      ),
    );
    await waitFor(() => expect(screen.getByTestId('settings-save')).toHaveTextContent('Save'));
    expect(screen.getByTestId('settings-signature')).toHaveValue('<p>Mine</p>');
    expect(selectPendingNotices(store.getState())).toEqual([]);
  });

  it('saves the availability on its own button, with its notice', async () => {
    const { store, calls } = setup([200, stored], true, {
      [AVAILABILITY]: (body) => [200, { emailDetailViewMode: 'classic', language: 'en', ...(body as object) }],
    });
    await waitFor(() => expect(switchOf('settings-vacation')).toBeChecked());
    fireEvent.click(switchOf('settings-vacation'));
    expect(switchOf('settings-vacation')).not.toBeChecked();
    expect(calls.map((call) => `${call.method} ${call.path}`)).not.toContain(AVAILABILITY);
    fireEvent.click(screen.getByTestId('settings-save-availability'));
    await waitFor(() =>
      expect(selectPendingNotices(store.getState())).toContainEqual(
        expect.objectContaining({ severity: 'success', key: 'notificationSettings.availabilitySaved', lifeMs: 2000 }),
      ),
    );
    expect(calls.find((call) => `${call.method} ${call.path}` === AVAILABILITY)?.body).toEqual({ onVacation: false });
    expect(switchOf('settings-vacation')).not.toBeChecked();
  });

  it('shows why Slack was switched off', async () => {
    setup([200, { ...stored, slackDisabledReason: 'The Slack webhook refused 3 notifications in a row' }]);
    expect(await screen.findByTestId('settings-slack-off')).toHaveTextContent('refused 3 notifications in a row');
  });
});
