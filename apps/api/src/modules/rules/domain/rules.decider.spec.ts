import { AUDITOR_NOT_ASSIGNABLE_MESSAGE, MAX_RULES_PER_TEAM, type RuleDefinition } from '@teaminbox/contracts';
import { deciderSpecification } from '../../../../test/support/decider-specification';
import { DomainError } from '../../../platform/event-sourcing/domain-error';
import { type RuleInput, type RulesEvent, rulesDecider, type TeamReferences } from './rules.decider';

const spec = deciderSpecification(rulesDecider);

const teamId = 'team-1';
const ruleId = 'rule-1';
const label = 'label-1';
const member = 'user-1';
const auditor = 'user-auditor';
const team: TeamReferences = {
  labelIds: new Set([label]),
  memberIds: new Set([member, auditor]),
  auditorIds: new Set([auditor]),
};

const definition: RuleDefinition = {
  name: 'VIP customers',
  priority: 1,
  matchMode: 'ALL',
  conditions: [{ field: 'FROM_EMAIL', operator: 'ENDS_WITH', value: '@vip.example.com' }],
  actions: [
    { type: 'ASSIGN_TO_USER', value: member, skipIfOnVacation: true },
    { type: 'ADD_LABEL', value: label, skipIfOnVacation: false },
  ],
  suppressNotifications: false,
};
const input: RuleInput = { ...definition };
const created: RulesEvent = { type: 'RuleCreated', data: { teamId, ruleId, enabled: true, rule: definition } };

const invalid = (message: string | RegExp) => (error: unknown) =>
  error instanceof DomainError &&
  error.kind === 'invalid' &&
  (typeof message === 'string' ? error.message === message : message.test(error.message));
const notFound = (error: unknown) => error instanceof DomainError && error.kind === 'not-found';

describe('rules decider', () => {
  it('creates a rule with its name trimmed', () => {
    spec
      .given([])
      .when({ type: 'CreateRule', teamId, ruleId, enabled: true, rule: { ...input, name: '  VIP customers ' }, team })
      .then([created]);
  });

  it('gives a rule without a priority the number of rules plus one', () => {
    const second = { ...created, data: { ...created.data, ruleId: 'rule-0' } } as RulesEvent;
    spec
      .given([created, second])
      .when({ type: 'CreateRule', teamId, ruleId: 'rule-3', enabled: false, rule: { ...input, priority: null }, team })
      .then([
        {
          type: 'RuleCreated',
          data: { teamId, ruleId: 'rule-3', enabled: false, rule: { ...definition, priority: 3 } },
        },
      ]);
  });

  it('refuses a rule that would assign an auditor, when created or changed', () => {
    const toAuditor: RuleInput = {
      ...input,
      actions: [{ type: 'ASSIGN_TO_USER', value: auditor, skipIfOnVacation: false }],
    };
    spec
      .given([])
      .when({ type: 'CreateRule', teamId, ruleId, enabled: true, rule: toAuditor, team })
      .thenThrows(invalid(`Action 1: ${AUDITOR_NOT_ASSIGNABLE_MESSAGE}`));
    spec
      .given([created])
      .when({ type: 'UpdateRule', teamId, ruleId, enabled: true, rule: toAuditor, team })
      .thenThrows(invalid(`Action 1: ${AUDITOR_NOT_ASSIGNABLE_MESSAGE}`));
  });

  it('creates once: the same rule id again appends nothing', () => {
    spec.given([created]).when({ type: 'CreateRule', teamId, ruleId, enabled: true, rule: input, team }).then([]);
  });

  it(`refuses a rule beyond ${MAX_RULES_PER_TEAM} per team`, () => {
    const many = Array.from({ length: MAX_RULES_PER_TEAM }, (_, i): RulesEvent => ({
      type: 'RuleCreated',
      data: { teamId, ruleId: `r${i}`, enabled: true, rule: definition },
    }));
    spec
      .given(many)
      .when({ type: 'CreateRule', teamId, ruleId: 'one-more', enabled: true, rule: input, team })
      .thenThrows(invalid(`A team can have at most ${MAX_RULES_PER_TEAM} rules`));
    const deleted: RulesEvent = { type: 'RuleDeleted', data: { teamId, ruleId: 'r0' } };
    spec
      .given([...many, deleted])
      .when({ type: 'CreateRule', teamId, ruleId: 'one-more', enabled: true, rule: input, team })
      .then([{ type: 'RuleCreated', data: { teamId, ruleId: 'one-more', enabled: true, rule: definition } }]);
  });

  it("refuses a label or a member that is not the team's, naming the action", () => {
    const otherLabel = { ...input, actions: [definition.actions[0], { ...definition.actions[1], value: 'label-x' }] };
    spec
      .given([])
      .when({ type: 'CreateRule', teamId, ruleId, enabled: true, rule: otherLabel, team })
      .thenThrows(invalid("Action 2: the label is not one of your team's labels"));
    const otherUser = { ...input, actions: [{ ...definition.actions[0], value: 'user-x' }] };
    spec
      .given([created])
      .when({ type: 'UpdateRule', teamId, ruleId, enabled: true, rule: otherUser, team })
      .thenThrows(invalid('Action 1: the user is not a member of your team'));
  });

  it('refuses a regular expression the engine cannot run, naming the condition', () => {
    const lookahead = {
      ...input,
      conditions: [definition.conditions[0], { field: 'SUBJECT' as const, operator: 'REGEX' as const, value: '(?=x)' }],
    };
    spec
      .given([])
      .when({ type: 'CreateRule', teamId, ruleId, enabled: true, rule: lookahead, team })
      .thenThrows(invalid(/^Condition 2: invalid regular expression \(.+\)$/));
    const huge = {
      ...input,
      conditions: [{ field: 'BODY' as const, operator: 'REGEX' as const, value: '((a{100}){100}){100}' }],
    };
    spec
      .given([])
      .when({ type: 'CreateRule', teamId, ruleId, enabled: true, rule: huge, team })
      .thenThrows(invalid(/^Condition 1: invalid regular expression/));
  });

  it('refuses a pattern too costly on mail, naming the condition and why', () => {
    const thrashing = (value: string) => ({
      ...input,
      conditions: [definition.conditions[0], { field: 'BODY' as const, operator: 'REGEX' as const, value }],
    });
    spec
      .given([])
      .when({ type: 'CreateRule', teamId, ruleId, enabled: true, rule: thrashing('a[ab]{1000}x'), team })
      .thenThrows(
        invalid(
          'Condition 2: this regular expression would be too slow on incoming mail ' +
            '(a repetition may be counted at most 100 times ({1000}))',
        ),
      );
    spec
      .given([])
      .when({
        type: 'CreateRule',
        teamId,
        ruleId,
        enabled: true,
        rule: thrashing(Array.from({ length: 60 }, (_, i) => `x${i}[ab]{100}`).join('|')),
        team,
      })
      .thenThrows(invalid(/^Condition 2: .* \(the pattern is too large once its repetitions are unrolled/));
  });

  it('refuses a blank name and too many conditions or actions', () => {
    spec
      .given([])
      .when({ type: 'CreateRule', teamId, ruleId, enabled: true, rule: { ...input, name: ' ' }, team })
      .thenThrows(invalid('Please enter a rule name'));
    const conditions = Array.from({ length: 21 }, () => definition.conditions[0]);
    spec
      .given([])
      .when({ type: 'CreateRule', teamId, ruleId, enabled: true, rule: { ...input, conditions }, team })
      .thenThrows(invalid('A rule can have at most 20 conditions'));
    const actions = Array.from({ length: 11 }, () => definition.actions[1]);
    spec
      .given([])
      .when({ type: 'CreateRule', teamId, ruleId, enabled: true, rule: { ...input, actions }, team })
      .thenThrows(invalid('A rule can have at most 10 actions'));
  });

  it('changes the definition and switches the rule on or off as separate facts; no change appends nothing', () => {
    const renamed = { ...definition, name: 'Key accounts', matchMode: 'ANY' as const };
    spec
      .given([created])
      .when({ type: 'UpdateRule', teamId, ruleId, enabled: false, rule: renamed, team })
      .then([
        { type: 'RuleChanged', data: { teamId, ruleId, rule: renamed } },
        { type: 'RuleDisabled', data: { teamId, ruleId } },
      ]);
    const disabled: RulesEvent = { type: 'RuleDisabled', data: { teamId, ruleId } };
    spec
      .given([created, disabled])
      .when({ type: 'UpdateRule', teamId, ruleId, enabled: true, rule: input, team })
      .then([{ type: 'RuleEnabled', data: { teamId, ruleId } }]);
    spec.given([created]).when({ type: 'UpdateRule', teamId, ruleId, enabled: true, rule: input, team }).then([]);
  });

  it('keeps the priority of an edited rule when none is given', () => {
    spec
      .given([created])
      .when({ type: 'UpdateRule', teamId, ruleId, enabled: true, rule: { ...input, priority: null }, team })
      .then([]);
  });

  it('deletes a rule; a deleted, unknown or other team rule answers not found', () => {
    spec
      .given([created])
      .when({ type: 'DeleteRule', teamId, ruleId })
      .then([{ type: 'RuleDeleted', data: { teamId, ruleId } }]);
    const deleted: RulesEvent = { type: 'RuleDeleted', data: { teamId, ruleId } };
    spec.given([created, deleted]).when({ type: 'DeleteRule', teamId, ruleId }).thenThrows(notFound);
    spec.given([]).when({ type: 'UpdateRule', teamId, ruleId, enabled: true, rule: input, team }).thenThrows(notFound);
  });
});
