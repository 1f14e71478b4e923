import { fireEvent, screen, waitFor } from '@testing-library/react';
import { defaultNotificationPreferences, type NotificationSettings } from '@teaminbox/contracts';
import { api, ApiError, notificationsApi, personalApi } from '@teaminbox/api-client';
import NotificationSettingsPage from '../NotificationSettingsPanel';
import { renderSettingsScreen } from '../../../testing/settings-harness';

const stored: NotificationSettings = {
  id: 's1',
  userId: 'u1',
  teamId: 't1',
  ...defaultNotificationPreferences(),
  mutedEmailIds: [],
  slackDisabledReason: null,
};

function setup(load: () => Promise<NotificationSettings>, emailProven = true) {
  jest.spyOn(personalApi, 'getNotificationSettings').mockImplementation(load);
  jest.spyOn(notificationsApi, 'preferences').mockResolvedValue({
    emailDetailViewMode: 'classic',
    onVacation: true,
    language: 'en',
  });
  return renderSettingsScreen(<NotificationSettingsPage />, { emailProven });
}

describe('the notification settings', () => {
  afterEach(() => jest.restoreAllMocks());

  it('shows the texts, the availability, and the Slack webhook only when Slack is on', async () => {
    setup(async () => stored);
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
    fireEvent.click(screen.getByTestId('settings-slack').querySelector('input') as HTMLInputElement);
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
    setup(async () => stored, false);
    expect(await screen.findByTestId('email-proof-why')).toHaveTextContent(
      'Invitations and notification emails are sent only from and to addresses that are confirmed. Confirm that a@x.test is yours',
    );
    fireEvent.click(screen.getByRole('button', { name: 'Send me a login link' }));
    expect(await screen.findByTestId('email-proof-sent')).toHaveTextContent('We have sent a login link to a@x.test.');
    expect(sent).toHaveBeenCalledWith('a@x.test');
  });

  it('shows no such notice to a proven address', async () => {
    setup(async () => stored);
    await screen.findByTestId('notification-settings');
    expect(screen.queryByTestId('email-proof')).toBeNull();
  });

  it('falls back to the defaults of the current user when loading fails', async () => {
    jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    const store = setup(async () => {
      throw new ApiError(500, 'down');
    });
    await screen.findByTestId('notification-settings');
    expect(store.getState().notificationSettings?.settings).toEqual({
      id: null,
      userId: 'u1',
      teamId: 't1',
      ...defaultNotificationPreferences(),
      mutedEmailIds: [],
      slackDisabledReason: null,
    });
  });

  it("shows 'Ukládám...' while saving, saves the whole object, and resets to the defaults", async () => {
    let finish: (value: NotificationSettings) => void = () => undefined;
    const save = jest
      .spyOn(personalApi, 'saveNotificationSettings')
      .mockImplementation(() => new Promise((resolve) => (finish = resolve)));
    setup(async () => ({ ...stored, htmlSignature: '<p>Old</p>', useThreads: false }));
    fireEvent.change(await screen.findByTestId('settings-signature'), { target: { value: '<p>New</p>' } });
    fireEvent.click(screen.getByTestId('settings-save'));
    expect(await screen.findByText('Ukládám...')).toBeInTheDocument();
    expect(save).toHaveBeenCalledWith(expect.objectContaining({ htmlSignature: '<p>New</p>', useThreads: false }));
    finish({ ...stored, htmlSignature: '<p>New</p>' });
    await waitFor(() => expect(screen.queryByText('Ukládám...')).toBeNull());
    fireEvent.click(screen.getByTestId('settings-reset'));
    expect(screen.getByTestId('settings-signature')).toHaveValue('');
  });

  it('shows why Slack was switched off', async () => {
    setup(async () => ({ ...stored, slackDisabledReason: 'The Slack webhook refused 3 notifications in a row' }));
    expect(await screen.findByTestId('settings-slack-off')).toHaveTextContent('refused 3 notifications in a row');
  });
});
