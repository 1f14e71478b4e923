import type { Rule, RuleAction } from '@teaminbox/contracts';
import { aRule } from '../../../../test/rules/rule';
import type { EmailFacts } from './rule-matcher';
import {
  type ActionFacts,
  compileRules,
  lastResponder,
  matchRules,
  needsLastResponder,
  resolveActions,
} from './rules-engine';

const email: EmailFacts = {
  fromEmail: 'ceo@bigcustomer.com',
  subject: 'Urgent: contract renewal',
  body: 'Please call me.',
  hasAttachment: false,
  headers: [],
};

let seq = 0;
function rule(overrides: Partial<Rule>): Rule {
  seq++;
  return aRule(`0190000${seq.toString().padStart(2, '0')}-0000-7000-8000-000000000000`, {
    name: `Rule ${seq}`,
    ...overrides,
  });
}

const jana = '11111111-1111-4111-8111-111111111111';
const petr = '22222222-2222-4222-8222-222222222222';
const vip = '33333333-3333-4333-8333-333333333333';

const facts = (overrides: Partial<ActionFacts> = {}): ActionFacts => ({
  members: new Map([
    [jana, { name: 'Jana', onVacation: false }],
    [petr, { name: 'Petr', onVacation: true }],
  ]),
  labels: new Map([[vip, 'VIP']]),
  ...overrides,
});

describe('rules engine: which rules run, in which order', () => {
  it('runs the enabled matching rules by priority, lower first; equal priorities in creation order', () => {
    const urgent = rule({
      name: 'Urgent',
      priority: 5,
      conditions: [{ field: 'SUBJECT', operator: 'CONTAINS', value: 'urgent' }],
    });
    const first = rule({ name: 'Catch-all A', priority: 2 });
    const second = rule({ name: 'Catch-all B', priority: 2 });
    const off = rule({ name: 'Off', priority: 0, enabled: false });
    const other = rule({
      name: 'Newsletter',
      priority: 1,
      conditions: [{ field: 'SUBJECT', operator: 'CONTAINS', value: 'newsletter' }],
    });
    const matched = matchRules(compileRules([urgent, second, off, other, first]), email);
    expect(matched.map(({ rule: r }) => r.name)).toEqual(['Catch-all A', 'Catch-all B', 'Urgent']);
  });

  it('applies ALL or ANY per rule', () => {
    const conditions = [
      { field: 'FROM_EMAIL' as const, operator: 'ENDS_WITH' as const, value: '@bigcustomer.com' },
      { field: 'SUBJECT' as const, operator: 'CONTAINS' as const, value: 'invoice' },
    ];
    const all = rule({ name: 'All', matchMode: 'ALL', conditions });
    const any = rule({ name: 'Any', matchMode: 'ANY', conditions });
    const matched = matchRules(compileRules([all, any]), email);
    expect(matched.map(({ rule: r }) => r.name)).toEqual(['Any']);
    expect(matched[0].conditions.map((condition) => condition.held)).toEqual([true, false]);
  });

  it('asks for the last responder only when a matched rule assigns to them', () => {
    const plain = rule({ actions: [{ type: 'ADD_LABEL', value: vip, skipIfOnVacation: false }] });
    const last = rule({ actions: [{ type: 'ASSIGN_LAST_RESPONDER', value: null, skipIfOnVacation: false }] });
    const unmatched = rule({ ...last, id: 'z', conditions: [{ field: 'BODY', operator: 'EQUALS', value: 'x' }] });
    expect(needsLastResponder(matchRules(compileRules([plain]), email))).toBe(false);
    expect(needsLastResponder(matchRules(compileRules([plain, unmatched]), email))).toBe(false);
    expect(needsLastResponder(matchRules(compileRules([plain, last]), email))).toBe(true);
  });
});

describe('rules engine: resolving actions', () => {
  const action = (type: RuleAction['type'], value: string | null, skipIfOnVacation = false): RuleAction => ({
    type,
    value,
    skipIfOnVacation,
  });

  it('hands over that an assignment also reassigns conversations already assigned', () => {
    expect(
      resolveActions(
        [{ ...action('ASSIGN_TO_USER', jana), reassignConversation: true }, action('ASSIGN_TO_USER', jana)],
        facts({}),
      ),
    ).toEqual([
      {
        index: 0,
        type: 'ASSIGN_TO_USER',
        value: jana,
        kind: 'assign',
        userId: jana,
        userName: 'Jana',
        reassignConversation: true,
      },
      { index: 1, type: 'ASSIGN_TO_USER', value: jana, kind: 'assign', userId: jana, userName: 'Jana' },
    ]);
  });

  it('resolves every action type in order', () => {
    const resolved = resolveActions(
      [
        action('ASSIGN_TO_USER', jana),
        action('ADD_LABEL', vip),
        action('SET_PRIORITY', 'HIGH'),
        action('SET_STATUS', 'IN_PROGRESS'),
        action('MARK_AS_SPAM', null),
        action('ASSIGN_LAST_RESPONDER', null),
      ],
      facts({ lastResponder: jana }),
    );
    expect(resolved).toEqual([
      { index: 0, type: 'ASSIGN_TO_USER', value: jana, kind: 'assign', userId: jana, userName: 'Jana' },
      { index: 1, type: 'ADD_LABEL', value: vip, kind: 'label', labelId: vip, labelName: 'VIP' },
      { index: 2, type: 'SET_PRIORITY', value: 'HIGH', kind: 'priority', priority: 'HIGH' },
      { index: 3, type: 'SET_STATUS', value: 'IN_PROGRESS', kind: 'status', status: 'IN_PROGRESS' },
      { index: 4, type: 'MARK_AS_SPAM', value: null, kind: 'spam' },
      { index: 5, type: 'ASSIGN_LAST_RESPONDER', value: null, kind: 'assign', userId: jana, userName: 'Jana' },
    ]);
  });

  it('skips a member on vacation only when the action says so; the next assignment still applies', () => {
    const resolved = resolveActions(
      [action('ASSIGN_TO_USER', petr, true), action('ASSIGN_TO_USER', jana, true), action('ASSIGN_TO_USER', petr)],
      facts(),
    );
    expect(resolved.map((r) => (r.kind === 'skip' ? `skip:${r.reason}` : r.kind))).toEqual([
      'skip:ON_VACATION',
      'assign',
      'assign',
    ]);
    expect(resolved[0]).toMatchObject({ target: { id: petr, name: 'Petr' } });
  });

  it('skips the last responder on vacation too, and says so when nobody responded', () => {
    expect(resolveActions([action('ASSIGN_LAST_RESPONDER', null, true)], facts({ lastResponder: petr }))).toEqual([
      expect.objectContaining({ kind: 'skip', reason: 'ON_VACATION', target: { id: petr, name: 'Petr' } }),
    ]);
    expect(resolveActions([action('ASSIGN_LAST_RESPONDER', null)], facts({ lastResponder: null }))).toEqual([
      expect.objectContaining({ kind: 'skip', reason: 'NO_LAST_RESPONDER', target: null }),
    ]);
  });

  it('skips a member who left the team and a deleted label', () => {
    const gone = '44444444-4444-4444-8444-444444444444';
    expect(
      resolveActions([action('ASSIGN_TO_USER', gone), action('ADD_LABEL', gone)], facts()).map((r) =>
        r.kind === 'skip' ? r.reason : r.kind,
      ),
    ).toEqual(['NOT_A_MEMBER', 'LABEL_NOT_FOUND']);
  });

  it('skips a member who became an auditor, named by the rule or as the last responder; the next one applies', () => {
    const auditorFacts = facts({
      members: new Map([
        [jana, { name: 'Jana', onVacation: false, auditor: true }],
        [petr, { name: 'Petr', onVacation: false }],
      ]),
      lastResponder: jana,
    });
    const resolved = resolveActions(
      [action('ASSIGN_TO_USER', jana), action('ASSIGN_LAST_RESPONDER', null), action('ASSIGN_TO_USER', petr)],
      auditorFacts,
    );
    expect(resolved.map((r) => (r.kind === 'skip' ? `skip:${r.reason}` : r.kind))).toEqual([
      'skip:AUDITOR',
      'skip:AUDITOR',
      'assign',
    ]);
    expect(resolved[0]).toMatchObject({ target: { id: jana, name: 'Jana' } });
  });

  it("records the member's address with the target, assigned or skipped, when the facts know it", () => {
    const withAddresses = facts({
      members: new Map([
        [jana, { name: 'Jana', email: 'jana@example.com', onVacation: false }],
        [petr, { name: 'Petr', email: 'petr@example.com', onVacation: true }],
      ]),
    });
    const resolved = resolveActions(
      [action('ASSIGN_TO_USER', petr, true), action('ASSIGN_TO_USER', jana)],
      withAddresses,
    );
    expect(resolved).toEqual([
      expect.objectContaining({
        kind: 'skip',
        reason: 'ON_VACATION',
        target: { id: petr, name: 'Petr', email: 'petr@example.com' },
      }),
      expect.objectContaining({ kind: 'assign', userId: jana, userName: 'Jana', userEmail: 'jana@example.com' }),
    ]);
  });
});

describe('last responder', () => {
  const members = new Set([jana, petr]);
  const isMember = (id: string) => members.has(id);
  const former = '55555555-5555-4555-8555-555555555555';

  it('is the member who last replied in the thread', () => {
    const thread = [
      { authorId: jana, at: '2026-01-02T10:00:00Z' },
      { authorId: petr, at: '2026-01-03T09:00:00Z' },
      { authorId: jana, at: '2026-01-01T10:00:00Z' },
    ];
    expect(lastResponder({ thread, sameSender: [{ authorId: jana, at: '2026-02-01T00:00:00Z' }] }, isMember)).toBe(
      petr,
    );
  });

  it('else the member who last replied to the same sender', () => {
    const sameSender = [
      { authorId: jana, at: '2026-01-05T10:00:00Z' },
      { authorId: petr, at: '2026-01-04T10:00:00Z' },
    ];
    expect(lastResponder({ thread: [], sameSender }, isMember)).toBe(jana);
  });

  it('ignores authors who left the team, and is nobody when no member replied', () => {
    const thread = [{ authorId: former, at: '2026-03-01T00:00:00Z' }];
    expect(lastResponder({ thread, sameSender: [{ authorId: petr, at: '2026-01-01T00:00:00Z' }] }, isMember)).toBe(
      petr,
    );
    expect(lastResponder({ thread, sameSender: [] }, isMember)).toBeNull();
    expect(lastResponder({ thread: [], sameSender: [] }, isMember)).toBeNull();
  });
});
