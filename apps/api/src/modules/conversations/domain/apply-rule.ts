import type {
  EmailStatus,
  Priority,
  RuleActionOutcome,
  RuleActionSkipReason,
  RuleActionType,
  RuleConditionResult,
  RuleMatchMode,
} from '@teaminbox/contracts';
import type { Decider } from '../../../platform/event-sourcing/decider';
import {
  type EmailCommand,
  type EmailEvent,
  type EmailState,
  keepsConversationAssignee,
  type ReceivedEmailState,
  type WorkOnEmail,
} from './email.decider';

/** An action of a matched rule with its target resolved by the rules engine, or the reason it is skipped. */
export type RuleActionToApply = { index: number; type: RuleActionType; value: string | null } & (
  | {
      kind: 'assign';
      userId: string;
      userName: string | null;
      userEmail?: string | null;
      /** Also take a follow-up of an assigned conversation from the conversation's assignee. */
      reassignConversation?: boolean;
    }
  | { kind: 'label'; labelId: string; labelName: string }
  | { kind: 'priority'; priority: Priority }
  | { kind: 'status'; status: EmailStatus }
  | { kind: 'spam' }
  | { kind: 'skip'; reason: RuleActionSkipReason; target: RuleActionOutcome['target'] }
);

/** A rule that matched the email, as the rules engine hands it over. */
export interface RuleToApply {
  ruleId: string;
  ruleName: string;
  matchMode: RuleMatchMode;
  conditions: RuleConditionResult[];
  suppressNotifications: boolean;
  actions: RuleActionToApply[];
}

function workOf(action: RuleActionToApply, teamId: string, firstSync: boolean): WorkOnEmail | null {
  switch (action.kind) {
    case 'assign':
      return {
        type: 'Assign',
        teamId,
        assignedTo: action.userId,
        assignedToName: action.userName,
        assignedToEmail: action.userEmail ?? null,
        ...(firstSync ? { firstSync } : {}),
        via: action.reassignConversation ? 'rule-reassigning' : 'rule',
      };
    case 'label':
      return { type: 'AddLabel', teamId, labelId: action.labelId, labelName: action.labelName };
    case 'priority':
      return { type: 'SetPriority', teamId, priority: action.priority };
    case 'status':
      return { type: 'SetStatus', teamId, status: action.status };
    case 'spam':
      return { type: 'MarkSpam', teamId };
    case 'skip':
      return null;
  }
}

function targetOf(action: RuleActionToApply): RuleActionOutcome['target'] {
  switch (action.kind) {
    case 'assign':
      return { id: action.userId, name: action.userName, ...(action.userEmail ? { email: action.userEmail } : {}) };
    case 'label':
      return { id: action.labelId, name: action.labelName };
    case 'skip':
      return action.target;
    default:
      return null;
  }
}

/**
 * A rule's actions on one email, in order, each decided by the email's own decider on the state the previous ones
 * left (two assignments: the second one wins). An action that changes nothing (the email already was so) is
 * recorded as skipped, ALREADY_SET; an assignment of a follow-up that keeps its conversation's assignee (the email
 * was assigned as its conversation's, and the action does not reassign conversations) as CONVERSATION_ASSIGNEE. The events: EmailRuleApplied (the explanation), one event per applied action,
 * then EmailNotificationsSuppressed when the rule suppresses new-mail notifications. On old mail of the first
 * synchronisation (`firstSync`) the assignment says so, and nobody is notified of it.
 */
export function applyRule(
  rule: RuleToApply,
  state: ReceivedEmailState,
  decider: Decider<EmailCommand, EmailEvent, EmailState>,
  { firstSync }: { firstSync: boolean } = { firstSync: false },
): EmailEvent[] {
  const ids = { emailId: state.emailId, teamId: state.teamId };
  let current: EmailState = state;
  const actionEvents: EmailEvent[] = [];
  const outcomes: RuleActionOutcome[] = rule.actions.map((action) => {
    const work = workOf(action, state.teamId, firstSync);
    const before = current;
    const events = work ? decider.decide(work, current) : [];
    for (const event of events) current = decider.evolve(current, event);
    actionEvents.push(...events);
    const skipReason =
      action.kind === 'skip'
        ? action.reason
        : events.length > 0
          ? null
          : action.kind === 'assign' &&
              keepsConversationAssignee(before, action.userId, action.reassignConversation, 'rule')
            ? 'CONVERSATION_ASSIGNEE'
            : 'ALREADY_SET';
    return {
      index: action.index,
      type: action.type,
      value: action.value,
      target: targetOf(action),
      applied: skipReason === null,
      skipReason,
    };
  });
  const { ruleId, ruleName, matchMode, conditions, suppressNotifications } = rule;
  return [
    {
      type: 'EmailRuleApplied',
      data: { ...ids, ruleId, ruleName, matchMode, conditions, actions: outcomes, suppressNotifications },
    },
    ...actionEvents,
    ...(suppressNotifications
      ? [{ type: 'EmailNotificationsSuppressed' as const, data: { ...ids, ruleId, ruleName } }]
      : []),
  ];
}

/**
 * Ids for the events of a rule's append, derived from (email, rule, action index): the explanation, the event of
 * the action at each index and the suppression each get the same id on every replay, so the event store keeps them
 * once. Called in order over the decided events (the first is EmailRuleApplied, which says which actions applied).
 */
export function ruleEventIds(
  derive: (key: string) => string,
): (event: { type: string; data: unknown }, index: number) => string {
  let appliedIndexes: number[] = [];
  return (event, index) => {
    if (event.type === 'EmailRuleApplied') {
      const outcomes = (event.data as { actions: RuleActionOutcome[] }).actions;
      appliedIndexes = outcomes.filter((outcome) => outcome.applied).map((outcome) => outcome.index);
      return derive('applied');
    }
    if (event.type === 'EmailNotificationsSuppressed') return derive('suppressed');
    return derive(`action-${appliedIndexes[index - 1]}`);
  };
}
