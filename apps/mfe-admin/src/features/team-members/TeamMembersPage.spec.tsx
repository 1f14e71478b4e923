import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { Provider } from 'react-redux';
import { MemoryRouter } from 'react-router-dom';
import type { Team, TeamMember } from '@teaminbox/contracts';
import { initI18n } from '@teaminbox/ui';
import {
  type AppStore,
  createAppStore,
  dialogsClosed,
  injectFeature,
  NoticeHost,
  selectPendingNotices,
  selectTeamMembers,
  teamApi,
  userLoaded,
} from '@teaminbox/web-store';
import feature from '../../feature';
import TeamMembersPage from './TeamMembersPage';
import { fakeFetch, type Routes } from '../../testing/admin-harness';

const jana = { id: 'u1', name: 'Jana', email: 'jana@example.com', role: 'ADMIN' as const };
const eva = { id: 'u4', name: 'Eva', email: 'eva@example.com', role: 'ADMIN' as const };
const mirek = { id: 'u3', name: 'Mirek', email: 'mirek@example.com', role: 'MAINTAINER' as const };
const petr = { id: 'u2', name: 'Petr', email: 'petr@example.com', role: 'MEMBER' as const };
const crew = (members = [jana, eva, mirek, petr]): Team => ({
  id: 't1',
  name: 'Support crew',
  members,
  invitations: [{ id: 'i1', email: 'new@example.com' }],
});

/** The page for `who` (by email); the team as GET /team answers it, its members as GET /team/members does. */
function setup(
  who: { email: string; role: string | null; emailProven?: boolean } | null,
  team: Team | null,
  routes: Routes = {},
) {
  initI18n('en');
  const { calls } = fakeFetch(
    team ? { 'GET /api/team': [200, team], 'GET /api/team/members': [200, team.members], ...routes } : routes,
  );
  const store: AppStore = createAppStore({ withoutCoreSagas: true });
  const email = who?.email ?? jana.email;
  store.dispatch(
    userLoaded({
      id: 'me',
      email,
      firstName: null,
      lastName: null,
      role: (who?.role ?? null) as 'ADMIN' | null,
      teamId: team ? team.id : null,
      emailProven: who?.emailProven ?? true,
    }),
  );
  injectFeature(store, feature);
  render(
    <Provider store={store}>
      <MemoryRouter>
        <TeamMembersPage />
      </MemoryRouter>
    </Provider>,
  );
  return { store, calls };
}

/** Opens a row's role dropdown and picks a role (the overlay counts as hidden in jsdom: no layout). */
async function pick(email: string, role: string) {
  fireEvent.click(within(row(email)).getByTestId('member-role-select'));
  const options = await screen.findAllByRole('option', { name: role, hidden: true });
  // The dropdown also keeps a hidden native <select> for assistive technology; the list items are the menu.
  fireEvent.click(options.find((o) => o.tagName === 'LI')!);
}

const row = (email: string) => screen.getAllByTestId('member-row').find((r) => r.dataset.email === email)!;
const noticesOf = (store: AppStore) => selectPendingNotices(store.getState());

beforeEach(() => localStorage.clear());

describe('the team members page without a team', () => {
  it('offers the Create Team form and ignores an empty name', () => {
    const { calls } = setup(null, null);
    expect(screen.getByRole('heading', { name: 'Team Members Management' })).toBeInTheDocument();
    fireEvent.click(screen.getByTestId('create-team-button'));
    expect(calls).toHaveLength(0);
  });

  it('creates the team with the name as text and raises the success notice', async () => {
    const { store, calls } = setup(null, null, { 'PUT /api/team': [200, { success: true, message: 'ok' }] });
    fireEvent.change(screen.getByTestId('team-name-input'), { target: { value: ' Support crew ' } });
    fireEvent.click(screen.getByTestId('create-team-button'));
    await waitFor(() => expect(noticesOf(store)).toHaveLength(1));
    expect(calls[0]).toMatchObject({ method: 'PUT', body: 'Support crew' });
    expect(noticesOf(store)[0]).toMatchObject({ severity: 'success', key: 'team.created', lifeMs: 3000 });
  });

  it('shows the server message when the creation fails', async () => {
    const { store } = setup(null, null, { 'PUT /api/team': [409, { message: 'You already have a team.' }] });
    fireEvent.change(screen.getByTestId('team-name-input'), { target: { value: 'Crew' } });
    fireEvent.click(screen.getByTestId('create-team-button'));
    await waitFor(() => expect(noticesOf(store)).toHaveLength(1));
    expect(noticesOf(store)[0]).toMatchObject({ severity: 'error', text: 'You already have a team.', lifeMs: 3000 });
  });
});

describe('an unproven address', () => {
  it('says why no invitation can be sent and mails a login link to the user’s own address', async () => {
    const sent = { success: true, message: 'If an account exists for this address, we have sent a login link to it.' };
    const { calls } = setup({ email: jana.email, role: 'ADMIN', emailProven: false }, crew(), {
      'POST /api/sendLoginLink': [200, sent],
    });
    expect(await screen.findByTestId('email-proof-why')).toHaveTextContent(
      `Invitations and notification emails are sent only from and to addresses that are confirmed. Confirm that ${jana.email} is yours`,
    );
    expect(screen.queryByTestId('invite-form')).not.toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Send me a login link' }));
    expect(await screen.findByTestId('email-proof-sent')).toHaveTextContent(
      `We have sent a login link to ${jana.email}. Open it to confirm your address.`,
    );
    const call = calls.find((c) => c.path === '/api/sendLoginLink');
    expect(call).toMatchObject({ method: 'POST' });
    expect(call!.body).toEqual({ email: jana.email });
  });

  it('offers the Send Invitation form once the address is proven', async () => {
    setup({ email: jana.email, role: 'ADMIN', emailProven: true }, crew());
    expect(await screen.findByTestId('invite-form')).toBeInTheDocument();
    expect(screen.queryByTestId('email-proof')).not.toBeInTheDocument();
  });
});

describe('the member list', () => {
  it('lists the members of the one members cache every screen shares (GET /team/members), loaded once', async () => {
    const { store, calls } = setup({ email: jana.email, role: 'ADMIN' }, crew([jana]), {
      'GET /api/team/members': [200, [jana, petr]],
    });
    await screen.findByTestId('member-list');
    expect(screen.getAllByTestId('member-row').map((r) => r.dataset.email)).toEqual([jana.email, petr.email]);
    expect(selectTeamMembers(store.getState())).toEqual([jana, petr]);
    expect(screen.getByTestId('team-name')).toHaveTextContent('Support crew');
    expect(calls.filter((c) => c.path === '/api/team/members')).toHaveLength(1);
    act(() => {
      store.dispatch(teamApi.endpoints.teamMembers.initiate());
    });
    expect(calls.filter((c) => c.path === '/api/team/members')).toHaveLength(1);
  });

  it('shows no team when the team cannot be loaded (only logged)', async () => {
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    const { calls } = setup({ email: jana.email, role: 'ADMIN' }, crew(), {
      'GET /api/team': [500, { message: 'Internal error' }],
    });
    await waitFor(() => expect(warn).toHaveBeenCalledWith('Error Code: 500 Message: Internal error'));
    expect(calls.some((c) => c.path === '/api/team')).toBe(true);
    expect(screen.queryByTestId('member-list')).not.toBeInTheDocument();
    expect(screen.queryByTestId('create-team-form')).not.toBeInTheDocument();
    warn.mockRestore();
  });

  it('tags one’s own row, hides its role dropdown, Save and delete, and shows one’s role', async () => {
    setup({ email: 'JANA@example.com', role: 'ADMIN' }, crew());
    await screen.findByTestId('member-list');
    expect(screen.queryByTestId('create-team-form')).not.toBeInTheDocument();
    const own = row(jana.email);
    expect(within(own).getByTestId('member-name')).toHaveTextContent('Jana (You)');
    expect(within(own).queryByTestId('member-role-select')).not.toBeInTheDocument();
    expect(within(own).queryByTestId('member-role-save')).not.toBeInTheDocument();
    expect(within(own).queryByTestId('member-delete')).not.toBeInTheDocument();
    expect(within(row(petr.email)).getByTestId('member-name')).not.toHaveTextContent('(You)');
    expect(within(row(petr.email)).getByTestId('member-role-select')).toBeInTheDocument();
    expect(within(row(petr.email)).getByTestId('member-role-save')).toBeInTheDocument();
    expect(screen.getByTestId('my-role')).toHaveTextContent('Your role: ADMIN');
  });

  it('offers delete to an ADMIN on every row but ADMINs and oneself', async () => {
    setup({ email: jana.email, role: 'ADMIN' }, crew());
    await screen.findByTestId('member-list');
    const deletable = screen.getAllByTestId('member-row').filter((r) => within(r).queryByTestId('member-delete'));
    expect(deletable.map((r) => r.dataset.email)).toEqual([mirek.email, petr.email]);
  });

  it('offers delete to a MAINTAINER on MEMBER rows only (never self, never an ADMIN)', async () => {
    setup({ email: mirek.email, role: 'MAINTAINER' }, crew());
    await screen.findByTestId('member-list');
    const deletable = screen.getAllByTestId('member-row').filter((r) => within(r).queryByTestId('member-delete'));
    expect(deletable.map((r) => r.dataset.email)).toEqual([petr.email]);
    expect(screen.getByTestId('my-role')).toHaveTextContent('Your role: MAINTAINER');
  });

  it('offers no delete at all to a MEMBER (the role in the team counts, not a stale session role)', async () => {
    setup({ email: petr.email, role: 'ADMIN' }, crew());
    await screen.findByTestId('member-list');
    expect(screen.queryAllByTestId('member-delete')).toHaveLength(0);
    expect(screen.getByTestId('my-role')).toHaveTextContent('Your role: MEMBER');
  });
});

describe('changing a role', () => {
  it('sends the chosen role as text on Save and reloads the team', async () => {
    const { calls } = setup({ email: jana.email, role: 'ADMIN' }, crew(), {
      'PUT /api/team/member/u2/role': [200, crew()],
    });
    await screen.findByTestId('member-list');
    expect(within(row(petr.email)).getByTestId('member-role-save')).toBeDisabled();
    await pick(petr.email, 'MAINTAINER');
    fireEvent.click(within(row(petr.email)).getByTestId('member-role-save'));
    await waitFor(() => expect(calls.filter((c) => c.path === '/api/team')).toHaveLength(2));
    expect(calls.find((c) => c.method === 'PUT')).toEqual({
      method: 'PUT',
      path: '/api/team/member/u2/role',
      body: 'MAINTAINER',
    });
  });

  it('has every screen listing the members fetch them again after a role change', async () => {
    const promoted = { ...petr, role: 'MAINTAINER' as const };
    let members: TeamMember[] = [jana, petr];
    const { calls, store } = setup({ email: jana.email, role: 'ADMIN' }, crew(), {
      'PUT /api/team/member/u2/role': () => {
        members = [jana, promoted];
        return [200, crew()];
      },
      'GET /api/team/members': () => [200, members],
    });
    await screen.findByTestId('member-list');
    await waitFor(() => expect(selectTeamMembers(store.getState())).toEqual([jana, petr]));
    const memberLoads = () => calls.filter((c) => c.path === '/api/team/members').length;
    expect(memberLoads()).toBe(1);
    await pick(petr.email, 'MAINTAINER');
    fireEvent.click(within(row(petr.email)).getByTestId('member-role-save'));
    await waitFor(() => expect(memberLoads()).toBe(2));
    await waitFor(() => expect(selectTeamMembers(store.getState())).toEqual([jana, promoted]));
    expect(row(petr.email).dataset.role).toBe('MAINTAINER');
  });

  it('shows Forbidden! when the server refuses the change with 403', async () => {
    const { store } = setup({ email: petr.email, role: 'MEMBER' }, crew(), {
      'PUT /api/team/member/u3/role': [403, { success: false, message: 'Only an ADMIN may change roles.' }],
    });
    await screen.findByTestId('member-list');
    await pick(mirek.email, 'MEMBER');
    fireEvent.click(within(row(mirek.email)).getByTestId('member-role-save'));
    await waitFor(() => expect(noticesOf(store)).toHaveLength(1));
    expect(noticesOf(store)[0]).toMatchObject({ severity: 'error', key: 'errors.forbidden', lifeMs: 3000 });
  });

  it('shows the server message of another failure', async () => {
    const { store } = setup({ email: jana.email, role: 'ADMIN' }, crew(), {
      'PUT /api/team/member/u2/role': [409, { success: false, message: 'The team must keep an ADMIN.' }],
    });
    await screen.findByTestId('member-list');
    await pick(petr.email, 'ADMIN');
    fireEvent.click(within(row(petr.email)).getByTestId('member-role-save'));
    await waitFor(() => expect(noticesOf(store)).toHaveLength(1));
    expect(noticesOf(store)[0]).toMatchObject({ severity: 'error', text: 'The team must keep an ADMIN.' });
  });
});

describe('removing a member', () => {
  it('asks for confirmation, removes, raises the notice and reloads the team', async () => {
    const { store, calls } = setup({ email: jana.email, role: 'ADMIN' }, crew(), {
      'DELETE /api/team/member/u2': [200, crew([jana, eva, mirek])],
    });
    await screen.findByTestId('member-list');
    fireEvent.click(within(row(petr.email)).getByTestId('member-delete'));
    expect(screen.getByTestId('confirm-deletion')).toHaveTextContent('Remove petr@example.com from the team?');
    expect(calls.some((c) => c.method === 'DELETE')).toBe(false);

    fireEvent.click(screen.getByRole('button', { name: 'Yes' }));
    await waitFor(() => expect(noticesOf(store)).toHaveLength(1));
    expect(noticesOf(store)[0]).toMatchObject({ severity: 'success', key: 'team.removed', lifeMs: 3000 });
    expect(calls.filter((c) => c.method === 'DELETE').map((c) => c.path)).toEqual(['/api/team/member/u2']);
    await waitFor(() => expect(calls.filter((c) => c.path === '/api/team')).toHaveLength(2));
  });

  it('does nothing when the confirmation is declined', async () => {
    const { calls } = setup({ email: jana.email, role: 'ADMIN' }, crew());
    await screen.findByTestId('member-list');
    fireEvent.click(within(row(petr.email)).getByTestId('member-delete'));
    fireEvent.click(screen.getByRole('button', { name: 'No' }));
    await waitFor(() => expect(screen.queryByText('Remove petr@example.com from the team?')).not.toBeInTheDocument());
    expect(calls.some((c) => c.method === 'DELETE')).toBe(false);
  });

  it('shows the server message when the removal fails', async () => {
    const { store } = setup({ email: jana.email, role: 'ADMIN' }, crew(), {
      'DELETE /api/team/member/u2': [409, { success: false, message: 'Petr has already left the team.' }],
    });
    await screen.findByTestId('member-list');
    fireEvent.click(within(row(petr.email)).getByTestId('member-delete'));
    fireEvent.click(screen.getByRole('button', { name: 'Yes' }));
    await waitFor(() => expect(noticesOf(store)).toHaveLength(1));
    expect(noticesOf(store)[0]).toMatchObject({ severity: 'error', text: 'Petr has already left the team.' });
  });

  it('closes the confirmation when the API asks for an upgrade (449)', async () => {
    const { store } = setup({ email: jana.email, role: 'ADMIN' }, crew());
    await screen.findByTestId('member-list');
    fireEvent.click(within(row(petr.email)).getByTestId('member-delete'));
    expect(store.getState().team?.confirmation).toMatchObject({ kind: 'member', id: 'u2' });
    act(() => {
      store.dispatch(dialogsClosed());
    });
    expect(store.getState().team?.confirmation).toBeNull();
    await waitFor(() => expect(screen.queryByText('Remove petr@example.com from the team?')).not.toBeInTheDocument());
  });
});

describe('invitations', () => {
  it('lists the invitations and deletes one after confirmation', async () => {
    const { calls } = setup({ email: jana.email, role: 'ADMIN' }, crew(), {
      'DELETE /api/invitation/i1': [200, { ...crew(), invitations: [] }],
    });
    const invitation = await screen.findByTestId('invitation-row');
    expect(invitation).toHaveTextContent('new@example.com');
    fireEvent.click(within(invitation).getByTestId('invitation-delete'));
    fireEvent.click(screen.getByRole('button', { name: 'Yes' }));
    await waitFor(() => expect(calls.filter((c) => c.path === '/api/team')).toHaveLength(2));
    expect(calls.find((c) => c.method === 'DELETE')?.path).toBe('/api/invitation/i1');
  });

  it('sends nothing for an empty email, and the email as JSON otherwise, then reloads the team', async () => {
    const { calls, store } = setup({ email: jana.email, role: 'ADMIN' }, crew(), {
      'PUT /api/invitation': [200, crew()],
    });
    await screen.findByTestId('member-list');
    fireEvent.change(screen.getByTestId('invite-email-input'), { target: { value: '   ' } });
    fireEvent.click(screen.getByTestId('invite-send-button'));
    expect(calls.filter((c) => c.method === 'PUT')).toHaveLength(0);

    fireEvent.change(screen.getByTestId('invite-email-input'), { target: { value: 'karel@example.com' } });
    fireEvent.click(screen.getByTestId('invite-send-button'));
    await waitFor(() => expect(calls.filter((c) => c.path === '/api/team')).toHaveLength(2));
    const put = calls.find((c) => c.method === 'PUT')!;
    expect(put.path).toBe('/api/invitation');
    expect(put.body).toEqual({ email: 'karel@example.com', role: 'MEMBER' });
    expect(screen.getByTestId('invite-email-input')).toHaveValue('');
    expect(noticesOf(store)).toEqual([
      expect.objectContaining({ severity: 'info', key: 'team.invitationSent', lifeMs: 2000 }),
    ]);
  });

  it('invites with the role chosen in the form (AUDITOR here)', async () => {
    const { calls } = setup({ email: jana.email, role: 'ADMIN' }, crew(), { 'PUT /api/invitation': [200, crew()] });
    await screen.findByTestId('member-list');
    fireEvent.click(screen.getByTestId('invite-role-select'));
    const options = await screen.findAllByRole('option', { name: 'AUDITOR', hidden: true });
    fireEvent.click(options.find((o) => o.tagName === 'LI')!);
    fireEvent.change(screen.getByTestId('invite-email-input'), { target: { value: 'audit@example.com' } });
    fireEvent.click(screen.getByTestId('invite-send-button'));
    await waitFor(() => expect(calls.filter((c) => c.method === 'PUT')).toHaveLength(1));
    expect(calls.find((c) => c.method === 'PUT')!.body).toEqual({
      email: 'audit@example.com',
      role: 'AUDITOR',
    });
  });

  it('shows an auditor the team, the invitations and their roles, with nothing to change', async () => {
    setup({ email: petr.email, role: 'AUDITOR' }, crew());
    await screen.findByTestId('member-list');
    expect(screen.queryByTestId('member-role-select')).not.toBeInTheDocument();
    expect(screen.queryByTestId('member-delete')).not.toBeInTheDocument();
    expect(screen.queryByTestId('invitation-delete')).not.toBeInTheDocument();
    expect(screen.queryByTestId('invite-form')).not.toBeInTheDocument();
    expect(screen.getByTestId('invitation-role')).toHaveTextContent('MEMBER');
  });

  it('only logs a failed send, with no notice', async () => {
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    const { store } = setup({ email: jana.email, role: 'ADMIN' }, crew(), {
      'PUT /api/invitation': [409, { success: false, message: 'Already a member.' }],
    });
    await screen.findByTestId('member-list');
    fireEvent.change(screen.getByTestId('invite-email-input'), { target: { value: 'petr@example.com' } });
    fireEvent.click(screen.getByTestId('invite-send-button'));
    await waitFor(() => expect(warn).toHaveBeenCalledWith('Error Code: 409 Message: Already a member.'));
    expect(noticesOf(store)).toEqual([]);
    warn.mockRestore();
  });
});

describe('notices', () => {
  it('shows Forbidden! to the user', async () => {
    initI18n('en');
    fakeFetch({
      'GET /api/team': [200, crew()],
      'GET /api/team/members': [200, crew().members],
      'PUT /api/team/member/u3/role': [403, { message: 'no' }],
    });
    const store = createAppStore({ withoutCoreSagas: true });
    store.dispatch(
      userLoaded({ id: 'u2', email: petr.email, firstName: null, lastName: null, role: 'MEMBER', teamId: 't1' }),
    );
    injectFeature(store, feature);
    render(
      <Provider store={store}>
        <MemoryRouter>
          <NoticeHost />
          <TeamMembersPage />
        </MemoryRouter>
      </Provider>,
    );
    await screen.findByTestId('member-list');
    await pick(mirek.email, 'MEMBER');
    fireEvent.click(within(row(mirek.email)).getByTestId('member-role-save'));
    expect(await screen.findByText('Forbidden!')).toBeInTheDocument();
  });
});
