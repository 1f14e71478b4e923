import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { Provider } from 'react-redux';
import { MemoryRouter } from 'react-router-dom';
import { defaultNotificationPreferences, type Email, type Page } from '@teaminbox/contracts';
import { initI18n } from '@teaminbox/ui';
import { createAppStore, emailArrived, emailUpdated, injectFeature, userLoaded } from '@teaminbox/web-store';
import feature from '../../../feature';
import { anEmail } from '@teaminbox/web-store/testing';
import { myTasksFeature } from '../../my-tasks/myTasksFeature';
import MyTasksPage from '../../my-tasks/MyTasksPage';
import InboxPage from '../InboxPage';
import { deferred, fakeServer, inTurn, type Route } from './fakeServer';

const user = {
  id: 'u1',
  email: 'jana@example.com',
  firstName: null,
  lastName: null,
  role: 'ADMIN' as const,
  teamId: 't1',
};
const carol = { name: 'Carol Customer', email: 'carol@customer.example' };
const dan = { name: null, email: 'dan@customer.example' };

/** The latest email of a conversation of three, from Carol, with Dan in it. */
const conversationRow = anEmail({
  id: 'e3',
  subject: 'Re: Order 42',
  fromName: carol.name,
  fromEmail: carol.email,
  assignedTo: 'u1',
  conversation: { id: 'e1', messageCount: 3, participants: [carol, dan] },
});
const singleRow = anEmail({ id: 'e9', subject: 'Question', fromName: 'Erin', fromEmail: 'erin@other.example' });
const alone = (email: Email): Email => ({
  ...email,
  conversation: { id: email.id, messageCount: 1, participants: [] },
});
const pageOf = (...content: Email[]): Page<Email> => ({ content, totalElements: content.length, totalPages: 1 });

/** The server of a team whose person has "Use conversation threads" on or off; `routes` add the test's own. */
function serve(useThreads: boolean, routes: Record<string, Route>) {
  return fakeServer({
    'GET /api/notification-settings': { ...defaultNotificationPreferences(), useThreads },
    'GET /api/team/members': [],
    'GET /api/email-labels': [],
    'GET /api/emails/unread/count': 1,
    'GET /api/emails/starred': [],
    ...routes,
  });
}

function renderPage(page: 'inbox' | 'my-tasks') {
  initI18n('en');
  const store = createAppStore({ withoutCoreSagas: true });
  store.dispatch(userLoaded(user));
  injectFeature(store, feature);
  if (page === 'my-tasks') injectFeature(store, myTasksFeature);
  render(
    <Provider store={store}>
      <MemoryRouter initialEntries={[page === 'inbox' ? '/admin/inbox' : '/admin/my-tasks']}>
        {page === 'inbox' ? <InboxPage /> : <MyTasksPage />}
      </MemoryRouter>
    </Provider>,
  );
  return store;
}

/** The row's selection box (PrimeReact draws a box around the input: the input takes the click). */
const selectBox = (row: HTMLElement) =>
  within(row)
    .getAllByRole('checkbox')
    .find((element) => element.tagName === 'INPUT') as HTMLElement;

/** The priority shown on the row of this subject (fails while there is no such row). */
const priorityOf = (subject: string) => {
  const row = screen.getAllByTestId('email-row').find((element) => element.textContent?.includes(subject));
  if (!row) throw new Error(`no row '${subject}'`);
  return within(row).getByTestId('email-priority');
};

describe('the lists by conversation ("Use conversation threads")', () => {
  beforeEach(() => jest.spyOn(console, 'error').mockImplementation(() => undefined));
  afterEach(() => jest.restoreAllMocks());

  it('lists conversations with the setting on: the latest sender, the message count and the participants', async () => {
    const server = serve(true, { 'GET /api/emails': pageOf(conversationRow, alone(singleRow)) });
    renderPage('inbox');
    const rows = await screen.findAllByTestId('email-row');
    const [list] = server.calls('GET', '/api/emails');
    expect(list.query.get('view')).toBe('conversations');
    expect(list.query.get('folder')).toBe('inbox');
    expect(rows).toHaveLength(2);
    const count = within(rows[0]).getByTestId('conversation-count');
    expect(count).toHaveTextContent('3');
    expect(count).toHaveAccessibleName('3 messages in this conversation');
    expect(count).toHaveAttribute('title', 'Participants: Carol Customer, dan@customer.example');
    expect(within(rows[0]).getByTestId('email-sender')).toHaveTextContent('Carol Customer');
    expect(within(rows[0]).getByTestId('conversation-participants')).toHaveTextContent(
      'Carol Customer, dan@customer.example',
    );
    // A conversation of one message shows no count.
    expect(within(rows[1]).queryByTestId('conversation-count')).not.toBeInTheDocument();
  });

  it("archives a selected conversation row's whole conversation", async () => {
    const server = serve(true, {
      'GET /api/emails': pageOf(conversationRow),
      'PUT /api/emails/e3/archive': conversationRow,
    });
    renderPage('inbox');
    const [row] = await screen.findAllByTestId('email-row');
    await act(async () => fireEvent.click(selectBox(row)));
    await act(async () => fireEvent.click(screen.getByTestId('bulk-archive')));
    await waitFor(() => expect(server.calls('PUT', '/api/emails/e3/archive')).toHaveLength(1));
    expect(server.calls('PUT', '/api/emails/e3/archive')[0].query.get('scope')).toBe('conversation');
  });

  it('lists single emails with the setting off, and their actions act on the email', async () => {
    const server = serve(false, {
      'GET /api/emails': pageOf(singleRow),
      'PUT /api/emails/e9/archive': singleRow,
    });
    renderPage('inbox');
    const [row] = await screen.findAllByTestId('email-row');
    expect(server.calls('GET', '/api/emails')[0].query.get('view')).toBe('emails');
    expect(within(row).queryByTestId('conversation-count')).not.toBeInTheDocument();
    expect(row).toHaveTextContent('erin@other.example');
    await act(async () => fireEvent.click(selectBox(row)));
    await act(async () => fireEvent.click(screen.getByTestId('bulk-archive')));
    await waitFor(() => expect(server.calls('PUT', '/api/emails/e9/archive')).toHaveLength(1));
    expect(server.calls('PUT', '/api/emails/e9/archive')[0].query.has('scope')).toBe(false);
  });

  it("keeps a change pushed while the list loads again for a new email (a rule's priority)", async () => {
    const arrived = anEmail({ id: 'e10', subject: 'Contract renewal', fromEmail: 'boss@vip.example' });
    const stale = deferred<Page<Email>>();
    const server = serve(true, {
      'GET /api/emails': inTurn(
        () => pageOf(conversationRow),
        // The load the new email starts: the server read the page before the rule changed the email.
        () => stale.promise,
        () => pageOf(alone({ ...arrived, priority: 'HIGH' }), conversationRow),
      ),
    });
    const store = renderPage('inbox');
    await screen.findAllByTestId('email-row');

    await act(async () => {
      store.dispatch(emailArrived(arrived));
    });
    await waitFor(() => expect(server.calls('GET', '/api/emails')).toHaveLength(2));
    await act(async () => {
      store.dispatch(emailUpdated({ id: 'e10', actorUserId: null, priority: 'HIGH' }));
    });
    await act(async () => stale.resolve(pageOf(alone(arrived), conversationRow)));

    await waitFor(() => expect(server.calls('GET', '/api/emails')).toHaveLength(3));
    await waitFor(() => expect(priorityOf('Contract renewal')).toHaveTextContent('high'));
  });

  it('keeps a change of a row on screen pushed while the page loads again (the load read it before)', async () => {
    const mine = anEmail({ id: 'e5', subject: 'Invoice 7' });
    const stale = deferred<Page<Email>>();
    const server = serve(false, {
      'GET /api/emails': inTurn(
        () => pageOf(mine, singleRow),
        // Loaded again after a bulk action: the server read the page before a member raised the priority.
        () => stale.promise,
        () => pageOf({ ...mine, priority: 'HIGH' }, singleRow),
      ),
      'PUT /api/emails/e9/read': singleRow,
    });
    const store = renderPage('inbox');
    const rows = await screen.findAllByTestId('email-row');
    await act(async () => fireEvent.click(selectBox(rows[1])));
    await act(async () => fireEvent.click(screen.getByTestId('bulk-markRead')));
    await waitFor(() => expect(server.calls('GET', '/api/emails')).toHaveLength(2));

    await act(async () => {
      store.dispatch(emailUpdated({ id: 'e5', actorUserId: 'u2', priority: 'HIGH' }));
    });
    expect(priorityOf('Invoice 7')).toHaveTextContent('high');
    await act(async () => stale.resolve(pageOf(mine, singleRow)));

    await waitFor(() => expect(server.calls('GET', '/api/emails')).toHaveLength(3));
    await waitFor(() => expect(priorityOf('Invoice 7')).toHaveTextContent('high'));
  });

  it("shows the conversation's new latest email when someone archives only its latest one", async () => {
    const before = anEmail({
      id: 'e2',
      subject: 'Re: Order 42 (earlier)',
      fromName: carol.name,
      fromEmail: carol.email,
      assignedTo: 'u1',
      conversation: { id: 'e1', messageCount: 2, participants: [carol] },
    });
    const server = serve(true, {
      'GET /api/emails': inTurn(
        () => pageOf(conversationRow),
        () => pageOf(before),
      ),
    });
    const store = renderPage('inbox');
    await screen.findAllByTestId('email-row');

    await act(async () => {
      store.dispatch(emailUpdated({ id: 'e3', actorUserId: 'u2', isArchived: true }));
    });

    await waitFor(() => expect(server.calls('GET', '/api/emails')).toHaveLength(2));
    await waitFor(() => expect(screen.getByTestId('email-subject')).toHaveTextContent('Re: Order 42 (earlier)'));
    expect(screen.getAllByTestId('email-row')).toHaveLength(1);
    expect(screen.getByTestId('conversation-count')).toHaveTextContent('2');
  });

  it('takes a conversation of one email off the list when it is archived, without loading the page again', async () => {
    const server = serve(true, { 'GET /api/emails': pageOf(conversationRow, alone(singleRow)) });
    const store = renderPage('inbox');
    await waitFor(() => expect(screen.getAllByTestId('email-row')).toHaveLength(2));

    await act(async () => {
      store.dispatch(emailUpdated({ id: 'e9', actorUserId: 'u2', isArchived: true }));
    });

    await waitFor(() => expect(screen.getAllByTestId('email-row')).toHaveLength(1));
    expect(screen.getByTestId('email-subject')).toHaveTextContent('Re: Order 42');
    expect(server.calls('GET', '/api/emails')).toHaveLength(1);
  });

  it('lists My Tasks by conversation with the setting on', async () => {
    const server = serve(true, { 'GET /api/emails/my-tasks': pageOf(conversationRow) });
    renderPage('my-tasks');
    const [item] = await screen.findAllByTestId('task-item');
    expect(server.calls('GET', '/api/emails/my-tasks')[0].query.get('view')).toBe('conversations');
    expect(within(item).getByTestId('conversation-count')).toHaveTextContent('3');
    expect(within(item).getByTestId('conversation-participants')).toHaveTextContent(
      'Carol Customer, dan@customer.example',
    );
  });

  it('asks My Tasks for single emails with the setting off', async () => {
    const server = serve(false, { 'GET /api/emails/my-tasks': pageOf(singleRow) });
    renderPage('my-tasks');
    const [item] = await screen.findAllByTestId('task-item');
    expect(server.calls('GET', '/api/emails/my-tasks')[0].query.get('view')).toBe('emails');
    expect(within(item).queryByTestId('conversation-count')).not.toBeInTheDocument();
  });
});
