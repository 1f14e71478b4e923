import { act, screen, waitFor, within } from '@testing-library/react';
import type { EmailRuleMatch, EmailRulesExplanation } from '@teaminbox/contracts';
import { setLanguage } from '@teaminbox/ui';
import { emailUpdated } from '@teaminbox/web-store';
import { answerServerCalls } from '@teaminbox/web-store/testing';
import {
  closeDetail,
  emailDetail,
  noRulesMatched,
  renderDetail,
  serverCalls,
  stubDetailApi,
} from './detail-test-harness';

const vip: EmailRuleMatch = {
  ruleId: 'r1',
  ruleName: 'VIP customers',
  matchMode: 'ANY',
  conditions: [
    { field: 'FROM_EMAIL', operator: 'ENDS_WITH', value: '@vip.example.com', held: true },
    { field: 'HEADER', headerName: 'X-Priority', operator: 'EQUALS', value: '1', held: false },
  ],
  actions: [
    {
      index: 0,
      type: 'ASSIGN_TO_USER',
      value: 'u2',
      target: { id: 'u2', name: 'Petr' },
      applied: false,
      skipReason: 'ON_VACATION',
    },
    { index: 1, type: 'ADD_LABEL', value: 'l1', target: { id: 'l1', name: 'VIP' }, applied: true, skipReason: null },
    { index: 2, type: 'SET_PRIORITY', value: 'HIGH', target: null, applied: true, skipReason: null },
    {
      index: 3,
      type: 'ASSIGN_LAST_RESPONDER',
      value: null,
      target: null,
      applied: false,
      skipReason: 'NO_LAST_RESPONDER',
    },
  ],
  suppressNotifications: true,
  appliedAt: '2025-03-04T10:15:01.000Z',
};

const everything: EmailRuleMatch = {
  ruleId: 'r2',
  ruleName: 'Everything',
  matchMode: 'ALL',
  conditions: [],
  actions: [{ index: 0, type: 'SET_STATUS', value: 'IN_PROGRESS', target: null, applied: true, skipReason: null }],
  suppressNotifications: false,
  appliedAt: '2025-03-04T10:15:01.000Z',
};

const explained = (overrides: Partial<EmailRulesExplanation>): EmailRulesExplanation => ({
  ...noRulesMatched(),
  ...overrides,
});

const card = () => screen.getByTestId('email-rules');

describe("the email detail's automatic rules", () => {
  afterEach(closeDetail);

  it('shows each rule that matched, in order, with the conditions that held and what every action did', async () => {
    stubDetailApi(emailDetail(), { rules: explained({ matches: [vip, everything] }) });
    await renderDetail();
    await waitFor(() => expect(within(card()).getAllByTestId('rule-match')).toHaveLength(2));
    expect(card()).toHaveTextContent(/^Automatic rules/);
    const [first, second] = within(card()).getAllByTestId('rule-match');
    expect(within(first).getByTestId('rule-match-name')).toHaveTextContent("Rule 'VIP customers' matched");
    expect(first).toHaveTextContent('(at least one condition held)');
    expect(
      within(first)
        .getAllByTestId('rule-match-condition')
        .map((c) => c.textContent),
    ).toEqual(['From email ends with "@vip.example.com" held', 'Header X-Priority equals "1" did not hold']);
    expect(
      within(first)
        .getAllByTestId('rule-match-action')
        .map((a) => a.textContent),
    ).toEqual([
      'Assign to user Petr — skipped: Petr is on vacation',
      'Add label VIP — done',
      'Set priority High — done',
      'Assign to last responder — skipped: nobody from the team has replied in this thread or to this sender',
    ]);
    expect(first).toHaveTextContent('New-email notifications suppressed');
    expect(within(second).getByTestId('rule-match-name')).toHaveTextContent("Rule 'Everything' matched");
    expect(second).toHaveTextContent('(no conditions (matches every email))');
    expect(within(second).getByTestId('rule-match-action')).toHaveTextContent('Set status In Progress — done');
    expect(second).not.toHaveTextContent('suppressed');
    expect(within(card()).queryByTestId('email-rules-too-slow')).not.toBeInTheDocument();
  });

  it.each([
    ['no rule matched', explained({}), 'No rule matched this email when it arrived.'],
    [
      'old mail of a first synchronisation',
      explained({ evaluated: false, skipped: 'FIRST_SYNC' }),
      'Rules were not applied: old mail of the first synchronisation.',
    ],
  ])('says so when %s', async (_case, rules, text) => {
    stubDetailApi(emailDetail(), { rules });
    await renderDetail();
    await waitFor(() => expect(screen.getByTestId('email-rules-state')).toHaveTextContent(text));
  });

  it('lists the rules stopped on the email as too slow, below the rules that matched', async () => {
    const tooSlow = [
      { ruleId: 'r3', ruleName: 'Order numbers' },
      { ruleId: 'r4', ruleName: 'Invoices' },
    ];
    stubDetailApi(emailDetail(), { rules: explained({ matches: [everything], tooSlow }) });
    await renderDetail();
    const list = await within(card()).findByTestId('email-rules-too-slow');
    expect(within(card()).getByTestId('rule-match')).toHaveTextContent("Rule 'Everything' matched");
    expect(within(card()).queryByTestId('email-rules-state')).not.toBeInTheDocument();
    const items = within(list).getAllByTestId('rule-too-slow');
    expect(items.map((item) => within(item).getByTestId('rule-too-slow-name').textContent)).toEqual([
      "Rule 'Order numbers'",
      "Rule 'Invoices'",
    ]);
    for (const item of items) {
      expect(item.querySelector('.p-tag-warning')).toHaveTextContent('Too slow: stopped on this email');
      expect(item).toHaveTextContent(
        'This rule took too long to check on this email and was stopped. It did not act on it.',
      );
    }
    // Below the matches, not among them.
    expect(
      within(card()).getByTestId('rule-match').compareDocumentPosition(list) & Node.DOCUMENT_POSITION_FOLLOWING,
    ).toBeTruthy();
  });

  it('still says no rule matched when the only rule checked was too slow, and lists it below (in Czech too)', async () => {
    stubDetailApi(emailDetail(), { rules: explained({ tooSlow: [{ ruleId: 'r3', ruleName: 'Order numbers' }] }) });
    await renderDetail();
    const list = await within(card()).findByTestId('email-rules-too-slow');
    const state = screen.getByTestId('email-rules-state');
    expect(state).toHaveTextContent('No rule matched this email when it arrived.');
    expect(state.compareDocumentPosition(list) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(within(card()).queryByTestId('rule-match')).not.toBeInTheDocument();
    expect(within(list).getByTestId('rule-too-slow')).toHaveTextContent(
      "Rule 'Order numbers'Too slow: stopped on this email" +
        'This rule took too long to check on this email and was stopped. It did not act on it.',
    );
    try {
      await act(async () => {
        setLanguage('cs');
      });
      expect(within(list).getByTestId('rule-too-slow')).toHaveTextContent(
        "Pravidlo 'Order numbers'Příliš pomalé: zastaveno u tohoto e-mailu" +
          'Kontrola tohoto pravidla u tohoto e-mailu trvala příliš dlouho, a proto byla zastavena. ' +
          'Pravidlo na e-mail nezapůsobilo.',
      );
    } finally {
      await act(async () => {
        setLanguage('en');
      });
    }
  });

  it('says the rules could not be loaded, and only logs the failure', async () => {
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    // The rules are not answered: the call fails as an unreachable server would.
    stubDetailApi(emailDetail(), { rules: null });
    const { notices } = await renderDetail();
    await waitFor(() =>
      expect(screen.getByTestId('email-rules-state')).toHaveTextContent('The rules of this email could not be loaded.'),
    );
    expect(notices()).toEqual([]);
    expect(warn).toHaveBeenCalledWith('Could not load the rules of the email', expect.objectContaining({ status: 0 }));
  });

  it('asks again while the engine has not handled the email yet, and stops once it has', async () => {
    stubDetailApi(emailDetail(), { rules: explained({ evaluated: false }) });
    const asked = () => serverCalls('GET', '/api/emails/e1/rules').length;
    await renderDetail();
    await waitFor(() =>
      expect(screen.getByTestId('email-rules-state')).toHaveTextContent('The rules have not handled this email yet.'),
    );
    expect(asked()).toBe(1);
    answerServerCalls({ 'GET /api/emails/e1/rules': explained({ matches: [everything] }) });
    await waitFor(() => expect(within(card()).getByTestId('rule-match')).toBeInTheDocument(), { timeout: 4000 });
    expect(asked()).toBe(2);
    await act(() => new Promise((resolve) => setTimeout(resolve, 2500)));
    expect(asked()).toBe(2);
  });

  it('reloads what the rules did when the email changes (a rule acted after the page opened)', async () => {
    stubDetailApi(emailDetail());
    const asked = () => serverCalls('GET', '/api/emails/e1/rules').length;
    const { store } = await renderDetail();
    await waitFor(() => expect(screen.getByTestId('email-rules-state')).toHaveTextContent('No rule matched'));
    answerServerCalls({ 'GET /api/emails/e1/rules': explained({ matches: [everything] }) });
    await act(async () => {
      store.dispatch(emailUpdated({ id: 'e1', status: 'IN_PROGRESS', actorUserId: null }));
    });
    await waitFor(() => expect(within(card()).getByTestId('rule-match')).toHaveTextContent("Rule 'Everything'"));
    // A change of another email does not.
    const calls = asked();
    await act(async () => {
      store.dispatch(emailUpdated({ id: 'e2', status: 'CLOSED', actorUserId: null }));
    });
    expect(asked()).toBe(calls);
  });
});
