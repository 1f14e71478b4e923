import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { Provider } from 'react-redux';
import type { Email, Label, TeamMember } from '@teaminbox/contracts';
import { initI18n } from '@teaminbox/ui';
import { createAppStore, injectFeature, selectPendingNotices, teamApi, userLoaded } from '@teaminbox/web-store';
import feature from '../../../feature';
import { RowMenus } from '../RowMenus';
import { failure, fakeServer, inTurn } from './fakeServer';

const me = { id: 'u1', email: 'jana@example.com', firstName: null, lastName: null, role: null, teamId: 't1' };
const petr: TeamMember = { id: 'u2', name: 'Petr', email: 'petr@example.com' } as TeamMember;
const important = { id: 'l1', name: 'Important', color: 'danger', backgroundColor: 'solid', teamId: 't1' } as Label;

const email = (overrides: Partial<Email> = {}): Email =>
  ({
    id: 'e1',
    teamId: 't1',
    subject: 'Invoice',
    body: 'Body',
    fromEmail: 'billing@example.com',
    receivedAt: '2026-03-20T10:00:00Z',
    read: false,
    assignedTo: null,
    labels: [],
    attachments: [],
    ...overrides,
  }) as Email;

function renderMenus(row: Email, user: typeof me | null = me, labels: Label[] = [important]) {
  const i18n = initI18n('en');
  const store = createAppStore({ withoutCoreSagas: true });
  injectFeature(store, feature);
  if (user) store.dispatch(userLoaded(user));
  store.dispatch(
    teamApi.util.upsertQueryEntries([
      { endpointName: 'teamMembers', arg: undefined, value: [petr] },
      { endpointName: 'teamLabels', arg: undefined, value: labels },
    ]),
  );
  render(
    <Provider store={store}>
      <RowMenus email={row} />
    </Provider>,
  );
  /** The notices raised, as the user reads them: severity, text, duration. */
  const notices = () =>
    selectPendingNotices(store.getState()).map((notice) => [
      notice.severity,
      i18n.t(notice.key ?? '', { ...notice.values, ns: 'inbox' }),
      notice.lifeMs,
    ]);
  return { notices };
}

async function choose(menu: 'row-assign' | 'row-label', item: string) {
  fireEvent.click(within(screen.getByTestId(menu)).getAllByRole('button')[0]);
  await act(async () => {
    fireEvent.click(within(screen.getByTestId(`${menu}-menu`)).getByText(item));
  });
}

describe('the row menus of the inbox', () => {
  afterEach(() => jest.restoreAllMocks());

  it("'I'll take it' assigns to me: 'Email assigned to you' for 2 s", async () => {
    const server = fakeServer({ 'PUT /api/emails/e1/assign': email({ assignedTo: 'u1' }) });
    const { notices } = renderMenus(email());
    await choose('row-assign', "I'll take it");
    await waitFor(() => expect(notices()).toEqual([['success', 'Email assigned to you', 2000]]));
    const [call] = server.calls('PUT', '/api/emails/e1/assign');
    expect(call.body).toEqual({ assignedTo: 'u1' });
    expect(call.query.has('scope')).toBe(false);
  });

  it("assigns to a member: 'Email assigned successfully' for 2 s; a failure 'Error assigning email' for 3 s", async () => {
    const server = fakeServer({
      'PUT /api/emails/e1/assign': inTurn(
        () => email({ assignedTo: 'u2' }),
        () => failure(500),
      ),
    });
    const { notices } = renderMenus(email());
    await choose('row-assign', 'petr@example.com');
    await waitFor(() => expect(notices()).toHaveLength(1));
    expect(server.calls('PUT', '/api/emails/e1/assign')[0].body).toEqual({ assignedTo: 'u2' });
    await choose('row-assign', 'petr@example.com');
    await waitFor(() =>
      expect(notices()).toEqual([
        ['success', 'Email assigned successfully', 2000],
        ['error', 'Error assigning email', 3000],
      ]),
    );
  });

  it("unassigns with an empty user id: 'Email unassigned' for 2 s; a failure 'Error unassigning email' for 3 s", async () => {
    const server = fakeServer({
      'PUT /api/emails/e1/assign': inTurn(
        () => email(),
        () => failure(500),
      ),
    });
    const { notices } = renderMenus(email({ assignedTo: 'u2' }));
    await choose('row-assign', 'Unassign');
    await waitFor(() => expect(notices()).toHaveLength(1));
    expect(server.calls('PUT', '/api/emails/e1/assign')[0].body).toEqual({ assignedTo: '' });
    await choose('row-assign', 'Unassign');
    await waitFor(() =>
      expect(notices()).toEqual([
        ['success', 'Email unassigned', 2000],
        ['error', 'Error unassigning email', 3000],
      ]),
    );
  });

  it('says that the team has no labels yet in a menu item, so the menu is never empty', () => {
    fakeServer({});
    renderMenus(email(), me, []);
    fireEvent.click(within(screen.getByTestId('row-label')).getByRole('button', { name: 'Actions' }));
    const menu = screen.getByTestId('row-label-menu');
    expect(menu).toHaveTextContent('Choose Label');
    const item = within(menu).getByRole('menuitem', { name: 'No labels yet', hidden: true });
    expect(item).toHaveAttribute('aria-disabled', 'true');
  });

  it("says 'User not authenticated' and sends nothing when nobody is signed in", async () => {
    const server = fakeServer({});
    const { notices } = renderMenus(email(), null);
    await choose('row-assign', "I'll take it");
    await waitFor(() => expect(notices()).toEqual([['error', 'User not authenticated', 3000]]));
    expect(server.calls('PUT', '/api/emails/e1/assign')).toHaveLength(0);
  });

  it("Choose Label: 'Label \"{name}\" assigned to email' for 2 s; a failure 'Error assigning label' for 3 s", async () => {
    const server = fakeServer({
      'POST /api/emails/e1/labels': inTurn(
        () => email({ labels: ['l1'] }),
        () => failure(500),
      ),
    });
    const { notices } = renderMenus(email());
    fireEvent.click(within(screen.getByTestId('row-label')).getByRole('button', { name: 'Actions' }));
    expect(screen.getByTestId('row-label-menu')).toHaveTextContent('Choose Label');
    await act(async () => {
      fireEvent.click(within(screen.getByTestId('row-label-menu')).getByText('Important'));
    });
    await waitFor(() => expect(notices()).toHaveLength(1));
    expect(server.calls('POST', '/api/emails/e1/labels')[0].body).toEqual(important);
    await choose('row-label', 'Important');
    await waitFor(() =>
      expect(notices()).toEqual([
        ['success', 'Label "Important" assigned to email', 2000],
        ['error', 'Error assigning label', 3000],
      ]),
    );
  });

  it('acts on the whole conversation of a conversation row', async () => {
    const server = fakeServer({ 'PUT /api/emails/e1/assign': email({ assignedTo: 'u1' }) });
    renderMenus(email({ conversation: { id: 'e0', messageCount: 2, participants: [] } }));
    await choose('row-assign', "I'll take it");
    await waitFor(() => expect(server.calls('PUT', '/api/emails/e1/assign')).toHaveLength(1));
    expect(server.calls('PUT', '/api/emails/e1/assign')[0].query.get('scope')).toBe('conversation');
  });

  it("shows icon buttons named 'Assignee' and 'Actions' or the assignee by initials and name", () => {
    renderMenus(email());
    const assign = within(screen.getByTestId('row-assign')).getByRole('button', { name: 'Assignee' });
    const actions = within(screen.getByTestId('row-label')).getByRole('button', { name: 'Actions' });
    for (const button of [assign, actions]) {
      expect(button.textContent?.trim()).toBe('');
      expect(button).toHaveClass('p-button-icon-only');
      expect(button).toHaveAttribute('aria-haspopup', 'menu');
    }
    cleanup();
    renderMenus(email({ assignedTo: 'u2' }));
    const assigned = within(screen.getByTestId('row-assign')).getByRole('button', { name: 'Petr' });
    expect(screen.getByTestId('row-assignee')).toHaveTextContent('PE');
    expect(assigned).toHaveClass('p-button-icon-only');
  });
});
