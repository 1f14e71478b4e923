import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { Provider } from 'react-redux';
import { MemoryRouter } from 'react-router-dom';
import { defaultNotificationPreferences, type Email, type Page } from '@teaminbox/contracts';
import { initI18n } from '@teaminbox/ui';
import { createAppStore, emailUpdated, injectFeature, NoticeHost, userLoaded } from '@teaminbox/web-store';
import { anEmail } from '@teaminbox/web-store/testing';
import feature from '../../../feature';
import { snoozeUntil } from '../../email-detail/snooze-presets';
import InboxPage from '../InboxPage';
import { failure, fakeServer, type Route } from './fakeServer';

const user = {
  id: 'u1',
  email: 'jana@example.com',
  firstName: null,
  lastName: null,
  role: 'ADMIN' as const,
  teamId: 't1',
};
const conversation = anEmail({
  id: 'e3',
  subject: 'Re: Order 42',
  conversation: { id: 'e1', messageCount: 3, participants: [] },
});
const single = anEmail({
  id: 'e9',
  subject: 'Question',
  conversation: { id: 'e9', messageCount: 1, participants: [] },
});
const other = anEmail({
  id: 'e7',
  subject: 'Left alone',
  conversation: { id: 'e7', messageCount: 1, participants: [] },
});
const pageOf = (...content: Email[]): Page<Email> => ({ content, totalElements: content.length, totalPages: 1 });

function serve(routes: Record<string, Route>) {
  return fakeServer({
    'GET /api/notification-settings': { ...defaultNotificationPreferences(), useThreads: true },
    'GET /api/team/members': [],
    'GET /api/email-labels': [],
    'GET /api/emails/unread/count': 3,
    'GET /api/emails/starred': [],
    'GET /api/emails': pageOf(conversation, single, other),
    ...routes,
  });
}

function renderInbox() {
  initI18n('en');
  const store = createAppStore({ withoutCoreSagas: true });
  store.dispatch(userLoaded(user));
  injectFeature(store, feature);
  render(
    <Provider store={store}>
      <MemoryRouter initialEntries={['/admin/inbox']}>
        <InboxPage />
        <NoticeHost />
      </MemoryRouter>
    </Provider>,
  );
  return store;
}

const selectBox = (row: HTMLElement) =>
  within(row)
    .getAllByRole('checkbox')
    .find((element) => element.tagName === 'INPUT') as HTMLElement;

/** Chooses the rows of these subjects in the list. */
async function choose(...subjects: string[]) {
  const rows = await screen.findAllByTestId('email-row');
  for (const subject of subjects) {
    const row = rows.find((element) => element.textContent?.includes(subject));
    await act(async () => fireEvent.click(selectBox(row as HTMLElement)));
  }
}

describe("the selection bar's Snooze", () => {
  it('snoozes every chosen row until a preset (a conversation row its whole conversation), then clears the selection', async () => {
    const server = serve({ 'PUT /api/emails/e3/snooze': conversation, 'PUT /api/emails/e9/snooze': single });
    renderInbox();
    await choose('Re: Order 42', 'Question');
    await act(async () => fireEvent.click(screen.getByTestId('bulk-snooze')));
    const menu = await screen.findByTestId('bulk-snooze-menu');
    expect(within(menu).getByTestId('bulk-snooze-laterToday')).toHaveTextContent('Later today');
    expect(within(menu).getByTestId('bulk-snooze-nextWeek')).toHaveTextContent('Next week');
    const before = Date.now();
    await act(async () => fireEvent.click(within(menu).getByTestId('bulk-snooze-tomorrowMorning')));

    await waitFor(() => expect(server.calls('PUT', '/api/emails/e9/snooze')).toHaveLength(1));
    const [toConversation] = server.calls('PUT', '/api/emails/e3/snooze');
    const [toEmail] = server.calls('PUT', '/api/emails/e9/snooze');
    const expected = snoozeUntil('tomorrowMorning', new Date(before)).toISOString();
    expect(toConversation.body).toEqual({ until: expected });
    expect(toConversation.query.get('scope')).toBe('conversation');
    expect(toEmail.body).toEqual({ until: expected });
    expect(server.calls('PUT', '/api/emails/e7/snooze')).toHaveLength(0);
    await waitFor(() => expect(screen.queryByTestId('bulk-actions')).not.toBeInTheDocument());
    expect(await screen.findByText(/^Snoozed until /)).toBeInTheDocument();
  });

  it('says how many rows could not be snoozed', async () => {
    serve({
      'PUT /api/emails/e9/snooze': single,
      'PUT /api/emails/e7/snooze': failure(404, 'Email not found'),
    });
    renderInbox();
    await choose('Question', 'Left alone');
    await act(async () => fireEvent.click(screen.getByTestId('bulk-snooze')));
    await act(async () => fireEvent.click(await screen.findByTestId('bulk-snooze-laterToday')));
    expect(await screen.findByText('Some emails could not be changed (1)')).toBeInTheDocument();
  });
});

describe('an email woken from a snooze', () => {
  it('is listed on top: the first page that does not show it is loaded again; another change of it is not', async () => {
    const server = serve({});
    const store = renderInbox();
    await screen.findAllByTestId('email-row');
    expect(server.calls('GET', '/api/emails')).toHaveLength(1);
    const awake = {
      id: 'e5',
      read: false,
      readAt: null,
      readBy: null,
      isArchived: false,
      isSpam: false,
      assignedTo: null,
      labels: [],
      status: 'NEW' as const,
      priority: 'MEDIUM' as const,
      snoozedUntil: null,
      actorUserId: null,
    };
    // A change of an email the page does not show (read by someone) leaves the page as it is.
    await act(async () => {
      store.dispatch(emailUpdated({ ...awake, read: true }));
    });
    expect(server.calls('GET', '/api/emails')).toHaveLength(1);
    await act(async () => {
      store.dispatch(emailUpdated({ ...awake, woken: true }));
    });
    await waitFor(() => expect(server.calls('GET', '/api/emails')).toHaveLength(2));
    // Woken but snoozed again at once (its latest state): not in the inbox, nothing to load.
    await act(async () => {
      store.dispatch(emailUpdated({ ...awake, woken: true, snoozedUntil: '2026-12-01T08:00:00.000Z' }));
    });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(server.calls('GET', '/api/emails')).toHaveLength(2);
  });
});
