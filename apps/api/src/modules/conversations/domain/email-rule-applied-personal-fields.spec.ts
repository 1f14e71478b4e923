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

  it('seals each assignment target under that member and an address a condition names under its person', () => {
    expect(registry.groupsOf('EmailRuleApplied', applied)).toEqual([
      { teamId, address: 'jana.dvorakova@example.com', paths: ['actions.1.target.name', 'actions.1.target.email'] },
      { teamId, address: 'petr@example.com', paths: ['actions.2.target.name', 'actions.2.target.email'] },
      { teamId, address: 'ceo@vip.example.com', paths: ['conditions.0.value'] },
    ]);
  });

  it('leaves conditions that name no single address in clear (a domain, words, a list, an erased value)', () => {
    const conditions: EmailRuleApplied['conditions'] = [
      { field: 'FROM_EMAIL', operator: 'ENDS_WITH', value: '@vip.example.com', held: true },
      { field: 'SUBJECT', operator: 'CONTAINS', value: 'invoice', held: true },
      { field: 'FROM_EMAIL', operator: 'IN_LIST', value: 'a@example.com, b@example.com', held: false },
      { field: 'FROM_EMAIL', operator: 'EQUALS', value: '[erased]', held: true },
    ];
    expect(registry.groupsOf('EmailRuleApplied', { ...applied, conditions, actions: [] })).toEqual([]);
  });

  it('names no subject for a target recorded without its address, nor for an erased one', () => {
    const older = applied.actions.map((action) =>
      action.target ? { ...action, target: { id: action.target.id, name: action.target.name } } : action,
    );
    const noAddress: EmailRuleApplied['conditions'] = [{ ...applied.conditions[0], value: 'VIP' }];
    expect(registry.groupsOf('EmailRuleApplied', { ...applied, conditions: noAddress, actions: older })).toEqual([]);
    const erased = applied.actions.map((action) =>
      action.target?.email ? { ...action, target: { ...action.target, name: '[erased]', email: '[erased]' } } : action,
    );
    expect(registry.groupsOf('EmailRuleApplied', { ...applied, conditions: noAddress, actions: erased })).toEqual([]);
  });
});
