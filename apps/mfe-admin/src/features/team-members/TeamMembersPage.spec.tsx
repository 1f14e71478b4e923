import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { Provider } from 'react-redux';
import { MemoryRouter } from 'react-router-dom';
import { initI18n } from '@teaminbox/ui';
import { createAppStore, injectFeature, selectPendingNotices, userLoaded } from '@teaminbox/web-store';
import feature from '../../feature';
import TeamMembersPage from './TeamMembersPage';
import { teamLoaded } from './teamSlice';

const user = { id: 'u1', email: 'jana@example.com', firstName: 'Jana', lastName: null, role: null, teamId: null };

function setup(teamId: string | null) {
  initI18n('en');
  const store = createAppStore({ withoutCoreSagas: true });
  store.dispatch(userLoaded({ ...user, teamId }));
  injectFeature(store, feature);
  render(
    <Provider store={store}>
      <MemoryRouter>
        <TeamMembersPage />
      </MemoryRouter>
    </Provider>,
  );
  return store;
}

function fakeFetch(status: number, body: unknown) {
  const calls: RequestInit[] = [];
  global.fetch = jest.fn(async (_url: string, init: RequestInit) => {
    calls.push(init);
    return { ok: status < 300, status, statusText: '', text: async () => JSON.stringify(body) };
  }) as unknown as typeof fetch;
  return calls;
}

describe('the team members page', () => {
  it('offers the Create Team form without a team and ignores an empty name', () => {
    const calls = fakeFetch(200, {});
    setup(null);
    expect(screen.getByRole('heading', { name: 'Team Members Management' })).toBeInTheDocument();
    fireEvent.click(screen.getByTestId('create-team-button'));
    expect(calls).toHaveLength(0);
  });

  it('creates the team with the name as text and raises the success notice', async () => {
    const calls = fakeFetch(200, { success: true, message: 'ok' });
    const store = setup(null);
    fireEvent.change(screen.getByTestId('team-name-input'), { target: { value: ' Support crew ' } });
    fireEvent.click(screen.getByTestId('create-team-button'));
    await waitFor(() => expect(selectPendingNotices(store.getState())).toHaveLength(1));
    expect(calls[0]).toMatchObject({ method: 'PUT', body: 'Support crew' });
    expect(selectPendingNotices(store.getState())[0]).toMatchObject({
      severity: 'success',
      key: 'team.created',
      lifeMs: 3000,
    });
  });

  it('shows the server message when the creation fails', async () => {
    fakeFetch(409, { message: 'You already have a team.' });
    const store = setup(null);
    fireEvent.change(screen.getByTestId('team-name-input'), { target: { value: 'Crew' } });
    fireEvent.click(screen.getByTestId('create-team-button'));
    await waitFor(() => expect(selectPendingNotices(store.getState())).toHaveLength(1));
    expect(selectPendingNotices(store.getState())[0]).toMatchObject({
      severity: 'error',
      text: 'You already have a team.',
    });
  });

  it('lists the members and tags the current user', () => {
    fakeFetch(200, {});
    const store = setup('t1');
    act(() => {
      store.dispatch(
        teamLoaded({
          id: 't1',
          name: 'Support crew',
          members: [
            { id: 'u1', name: 'Jana', email: 'jana@example.com', role: 'ADMIN' },
            { id: 'u2', name: 'Petr', email: 'petr@example.com', role: 'MEMBER' },
          ],
          invitations: [],
        }),
      );
    });
    expect(screen.queryByTestId('create-team-form')).not.toBeInTheDocument();
    const names = screen.getAllByTestId('member-name');
    expect(names[0]).toHaveTextContent('Jana (You)');
    expect(names[1]).toHaveTextContent('Petr');
    expect(names[1]).not.toHaveTextContent('(You)');
  });
});
