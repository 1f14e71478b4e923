import type { RuleDefinition } from '@teaminbox/contracts';
import { evolveRules, type NotificationRule, suppresses } from './suppressing-rules';

const team = '11111111-1111-4111-8111-111111111111';
const other = '22222222-2222-4222-8222-222222222222';
const ruleId = '33333333-3333-4333-8333-333333333333';

const definition = (suppressNotifications: boolean): RuleDefinition => ({
  name: 'Newsletters',
  priority: 1,
  matchMode: 'ALL',
  conditions: [],
  actions: [],
  suppressNotifications,
});

describe('the rules that hold a team’s new mail back', () => {
  it('given a suppressing rule created enabled, then its team suppresses and another team does not', () => {
    const rules = new Map<string, NotificationRule | null>();
    evolveRules(rules, { type: 'RuleCreated', data: { teamId: team, ruleId, enabled: true, rule: definition(true) } });
    expect(suppresses(rules, team)).toBe(true);
    expect(suppresses(rules, other)).toBe(false);
  });

  it('follows the rule being disabled, enabled, changed and deleted, in order', () => {
    const rules = new Map<string, NotificationRule | null>();
    evolveRules(rules, { type: 'RuleCreated', data: { teamId: team, ruleId, enabled: false, rule: definition(true) } });
    expect(suppresses(rules, team)).toBe(false);
    evolveRules(rules, { type: 'RuleEnabled', data: { teamId: team, ruleId } });
    expect(suppresses(rules, team)).toBe(true);
    evolveRules(rules, { type: 'RuleChanged', data: { teamId: team, ruleId, rule: definition(false) } });
    expect(suppresses(rules, team)).toBe(false);
    evolveRules(rules, { type: 'RuleChanged', data: { teamId: team, ruleId, rule: definition(true) } });
    evolveRules(rules, { type: 'RuleDisabled', data: { teamId: team, ruleId } });
    expect(suppresses(rules, team)).toBe(false);
    evolveRules(rules, { type: 'RuleEnabled', data: { teamId: team, ruleId } });
    evolveRules(rules, { type: 'RuleDeleted', data: { teamId: team, ruleId } });
    expect(rules.get(ruleId)).toBeNull();
    expect(suppresses(rules, team)).toBe(false);
  });

  it('ends in the same state when the same events are applied again (a batch run again)', () => {
    const events = [
      { type: 'RuleCreated', data: { teamId: team, ruleId, enabled: true, rule: definition(true) } },
      { type: 'RuleDisabled', data: { teamId: team, ruleId } },
    ] as const;
    const rules = new Map<string, NotificationRule | null>();
    for (const event of events) evolveRules(rules, event);
    const once = new Map(rules);
    for (const event of events) evolveRules(rules, event);
    expect(rules).toEqual(once);
    expect(suppresses(rules, team)).toBe(false);
  });
});
