import type { Role, Rule, RuleAction, RuleActionType, RuleCondition } from '@teaminbox/contracts';
import type { RulePayload } from '@teaminbox/api-client';

/** A rule being edited: a copy of an existing one (with its id) or a new one (without). */
export type RuleDraft = RulePayload;

/** Spec section 4: enabled, priority = number of rules + 1, match ALL, no conditions, no actions, not suppressing. */
export function newRule(existing: number): RuleDraft {
  return {
    name: '',
    enabled: true,
    priority: existing + 1,
    matchMode: 'ALL',
    conditions: [],
    actions: [],
    suppressNotifications: false,
  };
}

/** Spec section 4: FROM_EMAIL, CONTAINS, empty value. */
export const newCondition = (): RuleCondition => ({ field: 'FROM_EMAIL', operator: 'CONTAINS', value: '' });

/** Spec section 4: ADD_LABEL, empty value, not skipping on vacation. */
export const newAction = (): RuleAction => ({ type: 'ADD_LABEL', value: '', skipIfOnVacation: false });

/** A copy of a stored rule to edit: changing the draft leaves the list as it is until Save. */
export function draftOf(rule: Rule): RuleDraft {
  return {
    ...rule,
    conditions: rule.conditions.map((condition) => ({ ...condition })),
    actions: rule.actions.map((action) => ({ ...action })),
  };
}

export type ValueInput = 'member' | 'label' | 'priority' | 'status' | 'text' | 'none';

/** Spec section 2: a user, label, priority or status select for those action types, free text otherwise; none for spam. */
export function valueInputOf(type: RuleActionType): ValueInput {
  switch (type) {
    case 'ASSIGN_TO_USER':
      return 'member';
    case 'ADD_LABEL':
      return 'label';
    case 'SET_PRIORITY':
      return 'priority';
    case 'SET_STATUS':
      return 'status';
    case 'MARK_AS_SPAM':
      return 'none';
    case 'ASSIGN_LAST_RESPONDER':
      return 'text';
  }
}

/** A new type starts with an empty value (a member or label of the old type means nothing to the new one). */
export function withActionType(action: RuleAction, type: RuleActionType): RuleAction {
  return { ...action, type, value: type === 'MARK_AS_SPAM' ? null : '' };
}

/** A condition whose field is no longer HEADER drops its header name. */
export function withConditionField(condition: RuleCondition, field: RuleCondition['field']): RuleCondition {
  const { headerName, ...rest } = condition;
  return field === 'HEADER' ? { ...rest, field, headerName: headerName ?? '' } : { ...rest, field };
}

/** ADMIN and MAINTAINER manage the rules; a MEMBER reads them (the server answers 403 otherwise). */
export const canManageRules = (role: Role | null | undefined): boolean => role === 'ADMIN' || role === 'MAINTAINER';
