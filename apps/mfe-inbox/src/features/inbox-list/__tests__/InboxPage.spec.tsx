import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { Provider } from 'react-redux';
import { MemoryRouter } from 'react-router-dom';
import { defaultNotificationPreferences, type Email, type Page } from '@teaminbox/contracts';
import { initI18n } from '@teaminbox/ui';
import { connected, createAppStore, emailArrived, injectFeature, userLoaded } from '@teaminbox/web-store';
import feature from '../../../feature';
import { anEmail } from '@teaminbox/web-store/testing';
import InboxPage from '../InboxPage';
import { deferred, fakeServer, inTurn, type Route } from './fakeServer';

const user = { id: 'u1', email: 'jana@example.com', firstName: null, lastName: null, role: null, teamId: 't1' };
const newEmail = anEmail({
  id: 'e1',
  subject: 'Invoice for March',
  body: 'Hello team, please find the invoice for March attached.',
  fromEmail: 'billing@example.com',
  receivedAt: new Date().toISOString(),
});

/** The server of a person who lists single emails; `routes` add the test's own. */
function serve(routes: Record<string, Route>) {
  return fakeServer({
    'GET /api/notification-settings': { ...defaultNotificationPreferences(), useThreads: false },
    'GET /api/team/members': [],
    'GET /api/email-labels': [],
    'GET /api/emails/unread/count': 0,
    'GET /api/emails/starred': [],
    ...routes,
  });
}

function renderInbox(teamId: string | null) {
  initI18n('en');
  const store = createAppStore({ withoutCoreSagas: true });
  store.dispatch(userLoaded({ ...user, teamId }));
  injectFeature(store, feature);
  render(
    <Provider store={store}>
      <MemoryRouter initialEntries={['/admin/inbox']}>
        <InboxPage />
      </MemoryRouter>
    </Provider>,
  );
  return store;
}

describe('the inbox page', () => {
  afterEach(() => jest.restoreAllMocks());

  it('shows Loading..., then No emails found, then an email pushed over the socket', async () => {
    const list = deferred<Page<Email>>();
    const server = serve({ 'GET /api/emails': () => list.promise });
    const store = renderInbox('t1');
    expect(screen.getByText('Loading...')).toBeInTheDocument();
    expect(screen.getByTestId('realtime-status')).toHaveTextContent('Odpojeno');
    await waitFor(() => expect(server.calls('GET', '/api/emails')).toHaveLength(1));
    const [call] = server.calls('GET', '/api/emails');
    expect(Object.fromEntries(call.query)).toEqual({ folder: 'inbox', view: 'emails', page: '0', size: '20' });

    await act(async () => list.resolve({ content: [], totalElements: 0, totalPages: 0 }));
    act(() => {
      store.dispatch(connected());
    });
    expect(await screen.findByText('No emails found')).toBeInTheDocument();
    expect(screen.getByTestId('realtime-status')).toHaveTextContent('Připojeno');
    expect(screen.getByTestId('load-sample-emails')).toHaveTextContent('Load sample emails');

    act(() => {
      store.dispatch(emailArrived(newEmail));
    });
    const rows = await screen.findAllByTestId('email-row');
    expect(rows).toHaveLength(1);
    expect(rows[0]).toHaveTextContent('Neznámý odesílatel');
    expect(rows[0]).toHaveTextContent('Hello team, please find the in...');
    expect(rows[0]).toHaveTextContent('Invoice for March');
    expect(screen.queryByTestId('pagination')).not.toBeInTheDocument();
    // The new email is put on the page on screen: the list is not loaded again.
    expect(server.calls('GET', '/api/emails')).toHaveLength(1);
  });

  it('shows pagination only with more than one page', async () => {
    serve({ 'GET /api/emails': { content: [newEmail], totalElements: 41, totalPages: 3 } });
    renderInbox('t1');
    expect(await screen.findByTestId('page-indicator')).toHaveTextContent('1 / 3');
    expect(screen.getByRole('button', { name: 'Previous' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Next' })).toBeEnabled();
  });

  it('keeps the rows shown when the list cannot be loaded again, and only logs the failure', async () => {
    const error = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    let fail = false;
    const server = serve({
      'GET /api/emails': () =>
        fail ? Promise.reject(new TypeError('network down')) : { content: [newEmail], totalElements: 1, totalPages: 1 },
      'POST /api/emails/sample': { success: true, message: 'Sample emails created' },
    });
    renderInbox('t1');
    expect(await screen.findAllByTestId('email-row')).toHaveLength(1);
    fail = true;
    await act(async () => screen.getByTestId('load-sample-emails').click());
    await waitFor(() => expect(server.calls('GET', '/api/emails')).toHaveLength(2));
    await waitFor(() => expect(error).toHaveBeenCalledWith('the inbox list could not be loaded', expect.anything()));
    expect(screen.getAllByTestId('email-row')).toHaveLength(1);
  });

  it('shows a star at once when it is set, without loading the stars again', async () => {
    const server = serve({
      'GET /api/emails': { content: [newEmail], totalElements: 1, totalPages: 1 },
      'PUT /api/emails/e1/star': { emailId: 'e1', starred: true },
    });
    renderInbox('t1');
    await waitFor(() => expect(server.calls('GET', '/api/emails/starred')).toHaveLength(1));
    await waitFor(() => expect(screen.getByTestId('row-star')).toHaveAttribute('aria-pressed', 'false'));
    fireEvent.click(screen.getByTestId('row-star'));
    await waitFor(() => expect(screen.getByTestId('row-star')).toHaveAttribute('aria-pressed', 'true'));
    expect(server.calls('GET', '/api/emails/starred')).toHaveLength(1);
  });

  it('keeps a star set while the stars of the rows on screen are still loading', async () => {
    const firstStars = deferred<string[]>();
    const server = serve({
      'GET /api/emails': { content: [newEmail], totalElements: 1, totalPages: 1 },
      // Read before the star was set, answered after it; the next read has it.
      'GET /api/emails/starred': inTurn(
        () => firstStars.promise,
        () => ['e1'],
      ),
      'PUT /api/emails/e1/star': { emailId: 'e1', starred: true },
    });
    renderInbox('t1');
    const star = await screen.findByTestId('row-star');
    await waitFor(() => expect(server.calls('GET', '/api/emails/starred')).toHaveLength(1));
    fireEvent.click(star);
    await waitFor(() => expect(server.calls('PUT', '/api/emails/e1/star')).toHaveLength(1));
    await act(async () => firstStars.resolve([]));
    await waitFor(() => expect(screen.getByTestId('row-star')).toHaveAttribute('aria-pressed', 'true'));
    expect(server.calls('GET', '/api/emails/starred')).toHaveLength(2);
  });

  it('asks a user without a team to create one', () => {
    serve({});
    renderInbox(null);
    expect(screen.getByTestId('inbox-no-team')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Create a team' })).toHaveAttribute('href', '/admin/team-members');
  });
});
