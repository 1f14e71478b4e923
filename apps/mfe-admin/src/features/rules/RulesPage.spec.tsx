import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { Label, Rule, TeamMember } from '@teaminbox/contracts';
import { setLanguage } from '@teaminbox/ui';
import { renderPage, type Routes } from '../../testing/admin-harness';
import RulesPage from './RulesPage';

const jana: TeamMember = { id: 'u1', name: 'Jana', email: 'jana@example.com', role: 'ADMIN' };
const petr: TeamMember = { id: 'u2', name: 'Petr', email: 'petr@example.com', role: 'MEMBER' };
const vip: Label = { id: 'l1', name: 'VIP', color: 'danger', backgroundColor: 'light', teamId: 't1', isDefault: false };

const vipRule: Rule = {
  id: 'r1',
  name: 'VIP customers',
  enabled: true,
  priority: 1,
  matchMode: 'ALL',
  conditions: [{ field: 'FROM_EMAIL', operator: 'ENDS_WITH', value: '@vip.example.com' }],
  actions: [{ type: 'ASSIGN_TO_USER', value: 'u1', skipIfOnVacation: true }],
  suppressNotifications: false,
};
const newsletter: Rule = {
  ...vipRule,
  id: 'r2',
  name: 'Newsletters',
  enabled: false,
  priority: 2,
  conditions: [{ field: 'HEADER', operator: 'EQUALS', value: 'bulk', headerName: 'Precedence' }],
  actions: [{ type: 'MARK_AS_SPAM', value: null, skipIfOnVacation: false }],
  suppressNotifications: true,
};

function setup(routes: Routes = {}, role: 'ADMIN' | 'MAINTAINER' | 'MEMBER' = 'ADMIN') {
  const rules: Routes = {
    'GET /api/rules': [200, [vipRule, newsletter]],
    'GET /api/team/members': [200, [jana, petr]],
    'GET /api/email-labels?teamId=t1': [200, [vip]],
  };
  const user = { id: 'u1', email: jana.email, firstName: null, lastName: null, role, teamId: 't1' };
  return renderPage(RulesPage, { ...rules, ...routes }, { user });
}

const rows = () => screen.getAllByTestId('rule-name').map((cell) => cell.closest('tr')!);
const rowOf = (name: string) => rows().find((r) => within(r).getByTestId('rule-name').textContent === name)!;

/** Opens a dropdown and picks an option by its label (the overlay counts as hidden in jsdom: no layout). */
async function pick(dropdown: HTMLElement, label: string) {
  fireEvent.click(dropdown);
  const options = await screen.findAllByRole('option', { name: label, hidden: true });
  fireEvent.click(options.find((o) => o.tagName === 'LI')!);
  await panelsClosed();
}

const panelsClosed = () => waitFor(() => expect(document.querySelector('.p-dropdown-panel')).toBeNull());

/** The options of a dropdown: those of the overlay panel its click opened (the last one in the document). */
const optionsOf = async (dropdown: HTMLElement) => {
  fireEvent.click(dropdown);
  await screen.findAllByRole('option', { hidden: true });
  const panels = document.querySelectorAll('.p-dropdown-panel');
  const labels = [...panels[panels.length - 1].querySelectorAll('li[role="option"]')].map((o) => o.textContent);
  fireEvent.click(dropdown);
  await panelsClosed();
  return labels;
};

beforeEach(() => localStorage.clear());
afterEach(() => setLanguage('en'));

describe('the rules table', () => {
  it("lists name, priority and 'Zap'/'Vyp', with Edit and Delete", async () => {
    setup();
    await waitFor(() => expect(rows()).toHaveLength(2));
    expect(screen.getByRole('heading', { name: 'Rules' })).toBeInTheDocument();
    expect(within(rowOf('VIP customers')).getByTestId('rule-priority')).toHaveTextContent('1');
    expect(within(rowOf('VIP customers')).getByTestId('rule-status')).toHaveTextContent('Zap');
    expect(within(rowOf('Newsletters')).getByTestId('rule-status')).toHaveTextContent('Vyp');
    expect(within(rowOf('Newsletters')).getByTestId('rule-edit')).toHaveTextContent('Edit');
    expect(within(rowOf('Newsletters')).getByTestId('rule-delete')).toHaveTextContent('Delete');
    expect(screen.getByTestId('rule-new')).toHaveTextContent('New rule');
  });

  it('shows the Czech texts, with the spec badge texts kept', async () => {
    await setLanguage('cs');
    setup();
    await waitFor(() => expect(rows()).toHaveLength(2));
    expect(screen.getByRole('heading', { name: 'Pravidla' })).toBeInTheDocument();
    expect(within(rowOf('VIP customers')).getByTestId('rule-status')).toHaveTextContent('Zap');
    expect(screen.getByTestId('rule-new')).toHaveTextContent('Nové pravidlo');
    expect(within(rowOf('Newsletters')).getByTestId('rule-edit')).toHaveTextContent('Upravit');
  });

  it('flags a rule stopped as too slow, and tells why and what to do when its badge is opened', async () => {
    const at = '2026-03-04T10:15:00.000Z';
    setup({ 'GET /api/rules': [200, [{ ...vipRule, tooSlow: { emailId: 'e9', at, times: 3 } }, newsletter]] });
    await waitFor(() => expect(rows()).toHaveLength(2));
    expect(within(rowOf('Newsletters')).queryByTestId('rule-too-slow')).not.toBeInTheDocument();
    const flag = within(rowOf('VIP customers')).getByTestId('rule-too-slow');
    expect(flag.querySelector('.p-tag-warning')).toHaveTextContent(/^Too slow$/);
    const hint =
      `Stopped 3 time(s) on incoming mail for running too long, last on ${new Date(at).toLocaleString('en')}. ` +
      'Simplify its regular expressions (fewer counted repetitions such as {1000}, no long alternations); ' +
      'editing its conditions clears this warning.';
    expect(flag).toHaveAttribute('title', hint);
    expect(flag.getAttribute('title')).toContain('last on 3/4/2026, ');
    expect(flag).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByTestId('rule-too-slow-detail')).not.toBeInTheDocument();
    fireEvent.click(flag);
    const detail = within(rowOf('VIP customers')).getByTestId('rule-too-slow-detail');
    expect(detail).toHaveTextContent(hint);
    expect(flag).toHaveAttribute('aria-expanded', 'true');
    expect(flag).toHaveAttribute('aria-controls', detail.id);
    expect(within(rowOf('VIP customers')).getByTestId('rule-name')).toHaveTextContent(/^VIP customers$/);
    fireEvent.click(flag);
    expect(screen.queryByTestId('rule-too-slow-detail')).not.toBeInTheDocument();
  });

  it('flags a rule stopped as too slow in Czech, with the date in the Czech form', async () => {
    const at = '2026-03-04T10:15:00.000Z';
    setup({ 'GET /api/rules': [200, [{ ...vipRule, tooSlow: { emailId: 'e9', at, times: 1 } }]] });
    setLanguage('cs');
    await waitFor(() => expect(rows()).toHaveLength(1));
    const flag = within(rowOf('VIP customers')).getByTestId('rule-too-slow');
    expect(flag).toHaveTextContent(/^Příliš pomalé$/);
    fireEvent.click(flag);
    expect(screen.getByTestId('rule-too-slow-detail')).toHaveTextContent(
      `Zastaveno 1× u příchozí pošty, protože běželo příliš dlouho, naposledy ${new Date(at).toLocaleString('cs')}. ` +
        'Zjednodušte jeho regulární výrazy (méně počítaných opakování jako {1000}, žádné dlouhé alternativy); ' +
        'úprava podmínek toto varování zruší.',
    );
    expect(screen.getByTestId('rule-too-slow-detail')).toHaveTextContent('naposledy 4. 3. 2026 ');
  });

  it('deletes a rule and reloads the list', async () => {
    const { calls } = setup({ 'DELETE /api/rules/r2': [200, { success: true, message: 'Rule deleted' }] });
    await waitFor(() => expect(rows()).toHaveLength(2));
    fireEvent.click(within(rowOf('Newsletters')).getByTestId('rule-delete'));
    await waitFor(() => expect(calls.filter((c) => c.method === 'DELETE')).toHaveLength(1));
    await waitFor(() => expect(calls.filter((c) => c.path === '/api/rules')).toHaveLength(2));
  });

  it('lets a MEMBER read the rules without the buttons to change them', async () => {
    setup({}, 'MEMBER');
    await waitFor(() => expect(rows()).toHaveLength(2));
    expect(screen.queryByTestId('rule-new')).not.toBeInTheDocument();
    expect(screen.queryByTestId('rule-edit')).not.toBeInTheDocument();
    expect(screen.queryByTestId('rule-delete')).not.toBeInTheDocument();
  });

  it('keeps an empty list when the rules cannot be loaded (logged only)', async () => {
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    setup({ 'GET /api/rules': [500, { message: 'boom' }] });
    expect(await screen.findByText('No rules yet.')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    warn.mockRestore();
  });
});

describe('the rule editor', () => {
  it('starts a new rule with the defaults: enabled, priority = rules + 1, nothing suppressed, no conditions or actions', async () => {
    setup();
    await waitFor(() => expect(rows()).toHaveLength(2));
    fireEvent.click(screen.getByTestId('rule-new'));
    const editor = screen.getByTestId('rule-editor');
    expect(within(editor).getByTestId('rule-name-input')).toHaveValue('');
    expect(within(editor).getByRole('spinbutton')).toHaveValue('3');
    expect(within(editor).getByTestId('rule-enabled').querySelector('input')).toBeChecked();
    expect(within(editor).getByTestId('rule-suppress').querySelector('input')).not.toBeChecked();
    expect(within(editor).queryAllByTestId('rule-condition')).toHaveLength(0);
    expect(within(editor).queryAllByTestId('rule-action')).toHaveLength(0);
    expect(screen.getByText('Suppress team notifications about new email')).toBeInTheDocument();
  });

  it('adds a condition (FROM_EMAIL, CONTAINS, empty) and an action (ADD_LABEL, empty, not skipping), saves with POST and returns to the reloaded list', async () => {
    const { calls } = setup({ 'POST /api/rules': [200, { ...vipRule, id: 'r3', name: 'Invoices' }] });
    await waitFor(() => expect(rows()).toHaveLength(2));
    fireEvent.click(screen.getByTestId('rule-new'));
    fireEvent.change(screen.getByTestId('rule-name-input'), { target: { value: 'Invoices' } });
    fireEvent.click(screen.getByTestId('condition-add'));
    fireEvent.click(screen.getByTestId('action-add'));
    const condition = screen.getByTestId('rule-condition');
    expect(within(condition).getByTestId('condition-field')).toHaveTextContent('From email');
    expect(within(condition).getByTestId('condition-operator')).toHaveTextContent('contains');
    expect(within(condition).getByTestId('condition-value')).toHaveValue('');
    const action = screen.getByTestId('rule-action');
    expect(within(action).getByTestId('action-type')).toHaveTextContent('Add label');
    expect(within(action).getByTestId('action-vacation').querySelector('input')).not.toBeChecked();
    fireEvent.change(within(condition).getByTestId('condition-value'), { target: { value: 'invoice' } });
    await pick(within(condition).getByTestId('condition-field'), 'Subject');
    await pick(within(action).getByTestId('action-value'), 'VIP');
    fireEvent.click(screen.getByTestId('rule-save'));
    await waitFor(() => expect(screen.queryByTestId('rule-editor')).not.toBeInTheDocument());
    const post = calls.find((c) => c.method === 'POST');
    expect(post).toMatchObject({
      path: '/api/rules',
      body: {
        name: 'Invoices',
        enabled: true,
        priority: 3,
        matchMode: 'ALL',
        conditions: [{ field: 'SUBJECT', operator: 'CONTAINS', value: 'invoice' }],
        actions: [{ type: 'ADD_LABEL', value: 'l1', skipIfOnVacation: false }],
        suppressNotifications: false,
      },
    });
    await waitFor(() => expect(calls.filter((c) => c.path === '/api/rules' && c.method === 'GET')).toHaveLength(2));
  });

  it('offers "Also reassign conversations already assigned" on assignment actions only, and saves it', async () => {
    const { calls } = setup({ 'PUT /api/rules/r1': [200, vipRule] });
    await waitFor(() => expect(rows()).toHaveLength(2));
    fireEvent.click(within(rowOf('VIP customers')).getByTestId('rule-edit'));
    const action = screen.getByTestId('rule-action');
    const box = within(action).getByTestId('action-reassign-conversation').querySelector('input')!;
    expect(box).not.toBeChecked();
    expect(within(action).getByText('Also reassign conversations already assigned')).toBeInTheDocument();
    fireEvent.click(box);
    fireEvent.click(screen.getByTestId('rule-save'));
    await waitFor(() => expect(calls.find((c) => c.method === 'PUT')).toBeDefined());
    expect(calls.find((c) => c.method === 'PUT')).toMatchObject({
      path: '/api/rules/r1',
      body: { actions: [{ type: 'ASSIGN_TO_USER', value: 'u1', skipIfOnVacation: true, reassignConversation: true }] },
    });

    fireEvent.click(within(rowOf('Newsletters')).getByTestId('rule-edit'));
    expect(screen.queryByTestId('action-reassign-conversation')).not.toBeInTheDocument();
  });

  it('edits a copy: changes go out with PUT on the rule id; Cancel discards them', async () => {
    const { calls } = setup({ 'PUT /api/rules/r2': [200, newsletter] });
    await waitFor(() => expect(rows()).toHaveLength(2));
    fireEvent.click(within(rowOf('Newsletters')).getByTestId('rule-edit'));
    expect(screen.getByTestId('condition-header')).toHaveValue('Precedence');
    fireEvent.change(screen.getByTestId('rule-name-input'), { target: { value: 'Changed' } });
    fireEvent.click(screen.getByTestId('rule-cancel'));
    expect(within(rowOf('Newsletters')).getByTestId('rule-name')).toHaveTextContent('Newsletters');
    expect(calls.filter((c) => c.method !== 'GET')).toHaveLength(0);

    fireEvent.click(within(rowOf('Newsletters')).getByTestId('rule-edit'));
    expect(screen.getByTestId('rule-name-input')).toHaveValue('Newsletters');
    fireEvent.click(screen.getByTestId('rule-enabled').querySelector('input')!);
    fireEvent.click(screen.getAllByTestId('condition-remove')[0]);
    fireEvent.click(screen.getByTestId('rule-save'));
    await waitFor(() => expect(calls.find((c) => c.method === 'PUT')).toBeDefined());
    const { id: _id, ...rest } = newsletter;
    expect(calls.find((c) => c.method === 'PUT')).toMatchObject({
      path: '/api/rules/r2',
      body: { ...rest, enabled: true, conditions: [] },
    });
  });

  it('keeps the editor open with what was typed when saving fails', async () => {
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    setup({ 'POST /api/rules': [400, { message: 'Please enter a rule name' }] });
    await waitFor(() => expect(rows()).toHaveLength(2));
    fireEvent.click(screen.getByTestId('rule-new'));
    fireEvent.change(screen.getByTestId('rule-name-input'), { target: { value: 'Kept' } });
    fireEvent.click(screen.getByTestId('rule-save'));
    await waitFor(() => expect(warn).toHaveBeenCalled());
    expect(screen.getByTestId('rule-name-input')).toHaveValue('Kept');
    warn.mockRestore();
  });

  it('offers the value input by action type: members, labels, priorities, statuses, free text, none for spam', async () => {
    setup();
    await waitFor(() => expect(rows()).toHaveLength(2));
    fireEvent.click(screen.getByTestId('rule-new'));
    fireEvent.click(screen.getByTestId('action-add'));
    const action = () => screen.getByTestId('rule-action');
    const value = () => within(action()).queryByTestId('action-value');
    expect(await optionsOf(value()!)).toEqual(['VIP']);
    await pick(within(action()).getByTestId('action-type'), 'Assign to user');
    expect(await optionsOf(value()!)).toEqual(['Jana', 'Petr']);
    await pick(within(action()).getByTestId('action-type'), 'Set priority');
    expect(await optionsOf(value()!)).toEqual(['High', 'Medium', 'Low']);
    await pick(within(action()).getByTestId('action-type'), 'Set status');
    expect(await optionsOf(value()!)).toEqual(['New', 'In Progress', 'Closed']);
    await pick(within(action()).getByTestId('action-type'), 'Assign to last responder');
    expect(value()!.tagName).toBe('INPUT');
    await pick(within(action()).getByTestId('action-type'), 'Mark as spam');
    expect(value()).toBeNull();
  });

  it('asks for a header name only for HEADER conditions', async () => {
    setup();
    await waitFor(() => expect(rows()).toHaveLength(2));
    fireEvent.click(screen.getByTestId('rule-new'));
    fireEvent.click(screen.getByTestId('condition-add'));
    expect(screen.queryByTestId('condition-header')).not.toBeInTheDocument();
    await pick(screen.getByTestId('condition-field'), 'Header');
    expect(screen.getByTestId('condition-header')).toBeInTheDocument();
  });
});
