import { act, render, screen } from '@testing-library/react';
import { Provider } from 'react-redux';
import { MemoryRouter } from 'react-router-dom';
import type { Email } from '@teaminbox/contracts';
import { initI18n } from '@teaminbox/ui';
import { connected, createAppStore, emailArrived, injectFeature, userLoaded } from '@teaminbox/web-store';
import feature from '../../../feature';
import InboxPage from '../InboxPage';
import { pageLoaded } from '../inboxListSlice';

const user = { id: 'u1', email: 'jana@example.com', firstName: null, lastName: null, role: null, teamId: 't1' };
const newEmail = {
  id: 'e1',
  teamId: 't1',
  subject: 'Invoice for March',
  body: 'Hello team, please find the invoice for March attached.',
  fromName: null,
  fromEmail: 'billing@example.com',
  receivedAt: new Date().toISOString(),
  status: 'NEW',
  priority: 'MEDIUM',
} as Email;

function renderInbox(teamId: string | null) {
  initI18n('en');
  const store = createAppStore({ withoutCoreSagas: true });
  store.dispatch(userLoaded({ ...user, teamId }));
  injectFeature(store, { ...feature, saga: undefined });
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
  it('shows Loading..., then No emails found, then an email pushed over the socket', () => {
    const store = renderInbox('t1');
    expect(screen.getByText('Loading...')).toBeInTheDocument();
    expect(screen.getByTestId('realtime-status')).toHaveTextContent('Odpojeno');

    act(() => {
      store.dispatch(pageLoaded({ content: [], totalElements: 0, totalPages: 0 }));
      store.dispatch(connected());
    });
    expect(screen.getByText('No emails found')).toBeInTheDocument();
    expect(screen.getByTestId('realtime-status')).toHaveTextContent('Připojeno');
    expect(screen.getByTestId('load-sample-emails')).toHaveTextContent('Load sample emails');

    act(() => {
      store.dispatch(emailArrived(newEmail));
    });
    const rows = screen.getAllByTestId('email-row');
    expect(rows).toHaveLength(1);
    expect(rows[0]).toHaveTextContent('Neznámý odesílatel');
    expect(rows[0]).toHaveTextContent('Hello team, please find the in...');
    expect(rows[0]).toHaveTextContent('Invoice for March');
    expect(screen.queryByTestId('pagination')).not.toBeInTheDocument();
  });

  it('shows pagination only with more than one page', () => {
    const store = renderInbox('t1');
    act(() => {
      store.dispatch(pageLoaded({ content: [newEmail], totalElements: 41, totalPages: 3 }));
    });
    expect(screen.getByTestId('page-indicator')).toHaveTextContent('1 / 3');
    expect(screen.getByRole('button', { name: 'Previous' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Next' })).toBeEnabled();
  });

  it('asks a user without a team to create one', () => {
    renderInbox(null);
    expect(screen.getByTestId('inbox-no-team')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Create a team' })).toHaveAttribute('href', '/admin/team-members');
  });
});
