import type { EmailRuleApplied } from '@teaminbox/contracts';
import { PersonalDataRegistry } from '../../../platform/personal-data';
import { EMAIL_RULE_APPLIED_PERSONAL_FIELDS } from './email-rule-applied-personal-fields';

describe("the personal fields of a rule's explanation", () => {
  const registry = new PersonalDataRegistry();
  registry.declare('EmailRuleApplied', EMAIL_RULE_APPLIED_PERSONAL_FIELDS);
  const teamId = '0190a000-0000-7000-8000-000000000002';
  const applied: EmailRuleApplied = {
    emailId: '0190a000-0000-7000-8000-000000000001',
    teamId,
    ruleId: '0190a000-0000-7000-8000-000000000004',
    ruleName: 'VIP customers',
    matchMode: 'ALL',
    conditions: [{ field: 'FROM_EMAIL', operator: 'EQUALS', value: 'ceo@vip.example.com', held: true }],
    actions: [
      {
        index: 0,
        type: 'ADD_LABEL',
        value: '0190a000-0000-7000-8000-000000000005',
        target: { id: '0190a000-0000-7000-8000-000000000005', name: 'VIP' },
        applied: true,
        skipReason: null,
      },
      {
        index: 1,
        type: 'ASSIGN_TO_USER',
        value: '0190a000-0000-7000-8000-000000000003',
        target: { id: '0190a000-0000-7000-8000-000000000003', name: 'Jana', email: 'jana.dvorakova@example.com' },
        applied: true,
        skipReason: null,
      },
      {
        index: 2,
        type: 'ASSIGN_TO_USER',
        value: '0190a000-0000-7000-8000-000000000006',
        target: { id: '0190a000-0000-7000-8000-000000000006', name: 'Petr', email: 'petr@example.com' },
        applied: false,
        skipReason: 'ON_VACATION',
      },
    ],
    suppressNotifications: false,
  };

  it('seals each assignment target under that member within the team, the rule and the labels stay in clear', () => {
    expect(registry.groupsOf('EmailRuleApplied', applied)).toEqual([
      { teamId, address: 'jana.dvorakova@example.com', paths: ['actions.1.target.name', 'actions.1.target.email'] },
      { teamId, address: 'petr@example.com', paths: ['actions.2.target.name', 'actions.2.target.email'] },
    ]);
  });

  it('names no subject for a target recorded without its address, nor for an erased one', () => {
    const older = applied.actions.map((action) =>
      action.target ? { ...action, target: { id: action.target.id, name: action.target.name } } : action,
    );
    expect(registry.groupsOf('EmailRuleApplied', { ...applied, actions: older })).toEqual([]);
    const erased = applied.actions.map((action) =>
      action.target?.email ? { ...action, target: { ...action.target, name: '[erased]', email: '[erased]' } } : action,
    );
    expect(registry.groupsOf('EmailRuleApplied', { ...applied, actions: erased })).toEqual([]);
  });
});
