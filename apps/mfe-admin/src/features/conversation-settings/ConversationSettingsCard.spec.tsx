import { fireEvent, screen, waitFor } from '@testing-library/react';
import { me, noticesOf, renderPage } from '../../testing/admin-harness';
import { ConversationSettingsCard } from './ConversationSettingsCard';

const SETTINGS = 'GET /api/conversation-settings';
const SAVE = 'PUT /api/conversation-settings';
/** PrimeReact puts the test id on the switch's wrapper; the state lives on its native input. */
const toggle = () => screen.getByTestId('join-by-subject').querySelector('input') as HTMLInputElement;

describe('the conversation settings card', () => {
  it('shows the team setting and lets an ADMIN turn joining by subject off', async () => {
    const { calls, store } = renderPage(ConversationSettingsCard, {
      [SETTINGS]: [200, { joinRepliesBySubject: true }],
      [SAVE]: (body) => [200, body],
    });
    expect(screen.getByText('Join replies by subject')).toBeInTheDocument();
    await waitFor(() => expect(toggle()).toBeEnabled());
    expect(toggle()).toBeChecked();

    fireEvent.click(toggle());

    await waitFor(() => expect(toggle()).not.toBeChecked());
    expect(calls.filter((call) => call.method === 'PUT')).toEqual([
      { method: 'PUT', path: '/api/conversation-settings', body: { joinRepliesBySubject: false } },
    ]);
    expect(noticesOf(store)).toEqual([
      expect.objectContaining({ severity: 'success', key: 'conversationSettings.saved' }),
    ]);
  });

  it('keeps the setting as it was and says so when the save is refused', async () => {
    const { store } = renderPage(ConversationSettingsCard, {
      [SETTINGS]: [200, { joinRepliesBySubject: false }],
      [SAVE]: [403, { message: 'Forbidden' }],
    });
    await waitFor(() => expect(toggle()).toBeEnabled());
    expect(toggle()).not.toBeChecked();

    fireEvent.click(toggle());

    await waitFor(() =>
      expect(noticesOf(store)).toEqual([
        expect.objectContaining({ severity: 'error', key: 'conversationSettings.saveError' }),
      ]),
    );
    expect(toggle()).not.toBeChecked();
  });

  it('shows a MEMBER the setting without letting them change it', async () => {
    const { calls } = renderPage(
      ConversationSettingsCard,
      { [SETTINGS]: [200, { joinRepliesBySubject: false }] },
      { user: { ...me, role: 'MEMBER' } },
    );
    await waitFor(() => expect(calls.some((call) => call.path === '/api/conversation-settings')).toBe(true));
    await waitFor(() => expect(toggle()).not.toBeChecked());
    expect(toggle()).toBeDisabled();
    expect(screen.getByText('Only an admin can change this.')).toBeInTheDocument();
  });

  it('warns when the settings cannot be loaded and offers no switch to change', async () => {
    renderPage(ConversationSettingsCard, {});
    expect(await screen.findByText('Error loading conversation settings')).toBeInTheDocument();
    expect(toggle()).toBeDisabled();
  });
});
