import { isDeepStrictEqual } from 'node:util';
import {
  AUDITOR_NOT_ASSIGNABLE_MESSAGE,
  MAX_ACTIONS_PER_RULE,
  MAX_CONDITIONS_PER_RULE,
  MAX_RULES_PER_TEAM,
  REGEX_TOO_COSTLY_MESSAGE,
  RULE_NAME_REQUIRED_MESSAGE,
  RULE_NOT_FOUND_MESSAGE,
  type RuleDefinition,
  type RuleEventMap,
  type RuleEventType,
  TOO_MANY_ACTIONS_MESSAGE,
  TOO_MANY_CONDITIONS_MESSAGE,
  TOO_MANY_RULES_MESSAGE,
} from '@teaminbox/contracts';
import type { Decider } from '../../../platform/event-sourcing/decider';
import { DomainError } from '../../../platform/event-sourcing/domain-error';
import { compileRegex, InvalidRegexError, regexCostProblem } from './rule-matcher';

export const rulesStreamId = (teamId: string) => `rules-${teamId}`;

/** A rule as a command gives it: the priority may be left out (then: the number of rules plus one). */
export type RuleInput = Omit<RuleDefinition, 'priority'> & { priority: number | null };

/** What the rule's values must refer to: the team's labels and members, as the handler read them. */
export interface TeamReferences {
  labelIds: ReadonlySet<string>;
  memberIds: ReadonlySet<string>;
  /** The members who are auditors: never assigned, so a rule may not name them. */
  auditorIds: ReadonlySet<string>;
}

export type RulesCommand =
  | { type: 'CreateRule'; teamId: string; ruleId: string; enabled: boolean; rule: RuleInput; team: TeamReferences }
  | { type: 'UpdateRule'; teamId: string; ruleId: string; enabled: boolean; rule: RuleInput; team: TeamReferences }
  | { type: 'DeleteRule'; teamId: string; ruleId: string };

export type RulesEvent = { [K in RuleEventType]: { type: K; data: RuleEventMap[K] } }[RuleEventType];

export interface RulesState {
  rules: ReadonlyMap<string, { enabled: boolean; rule: RuleDefinition }>;
}

export const RULE_EVENT_TYPES = [
  'RuleCreated',
  'RuleChanged',
  'RuleEnabled',
  'RuleDisabled',
  'RuleDeleted',
] as const satisfies readonly RuleEventType[];

/** The 400 of a rule whose values do not hold: the first problem found, named by its position. */
export function checkRule(rule: RuleInput, team: TeamReferences): void {
  if (!rule.name.trim()) throw new DomainError('invalid', RULE_NAME_REQUIRED_MESSAGE);
  if (rule.conditions.length > MAX_CONDITIONS_PER_RULE) throw new DomainError('invalid', TOO_MANY_CONDITIONS_MESSAGE);
  if (rule.actions.length > MAX_ACTIONS_PER_RULE) throw new DomainError('invalid', TOO_MANY_ACTIONS_MESSAGE);
  rule.conditions.forEach((condition, index) => {
    if (condition.operator !== 'REGEX') return;
    try {
      compileRegex(condition.value);
    } catch (error) {
      const reason = error instanceof InvalidRegexError ? error.reason : (error as Error).message;
      throw new DomainError('invalid', `Condition ${index + 1}: invalid regular expression (${reason})`);
    }
    const costly = regexCostProblem(condition.value);
    if (costly) throw new DomainError('invalid', `Condition ${index + 1}: ${REGEX_TOO_COSTLY_MESSAGE} (${costly})`);
  });
  rule.actions.forEach((action, index) => {
    if (action.type === 'ADD_LABEL' && !team.labelIds.has(action.value ?? '')) {
      throw new DomainError('invalid', `Action ${index + 1}: the label is not one of your team's labels`);
    }
    if (action.type === 'ASSIGN_TO_USER' && !team.memberIds.has(action.value ?? '')) {
      throw new DomainError('invalid', `Action ${index + 1}: the user is not a member of your team`);
    }
    if (action.type === 'ASSIGN_TO_USER' && team.auditorIds.has(action.value ?? '')) {
      throw new DomainError('invalid', `Action ${index + 1}: ${AUDITOR_NOT_ASSIGNABLE_MESSAGE}`);
    }
  });
}

const definitionOf = (rule: RuleInput, priority: number): RuleDefinition => ({
  name: rule.name.trim(),
  priority,
  matchMode: rule.matchMode,
  conditions: rule.conditions,
  actions: rule.actions,
  suppressNotifications: rule.suppressNotifications,
});

const sameDefinition = (a: RuleDefinition, b: RuleDefinition) => isDeepStrictEqual(a, b);

function ruleOfTeam(state: RulesState, ruleId: string) {
  const found = state.rules.get(ruleId);
  if (!found) throw new DomainError('not-found', RULE_NOT_FOUND_MESSAGE);
  return found;
}

/**
 * A team's rules (stream `rules-<teamId>`): at most MAX_RULES_PER_TEAM of them; every label and member a rule
 * names belongs to the team; regular expressions compile with the engine's RE2. Another team's rule id is not in
 * this stream, so it answers not found. Commands that change nothing append nothing.
 */
export const rulesDecider: Decider<RulesCommand, RulesEvent, RulesState> = {
  eventTypes: RULE_EVENT_TYPES,
  initialState: () => ({ rules: new Map() }),

  decide(command, state) {
    const ids = { teamId: command.teamId, ruleId: command.ruleId };
    switch (command.type) {
      case 'CreateRule': {
        if (state.rules.has(command.ruleId)) return [];
        if (state.rules.size >= MAX_RULES_PER_TEAM) throw new DomainError('invalid', TOO_MANY_RULES_MESSAGE);
        checkRule(command.rule, command.team);
        const rule = definitionOf(command.rule, command.rule.priority ?? state.rules.size + 1);
        return [{ type: 'RuleCreated', data: { ...ids, enabled: command.enabled, rule } }];
      }
      case 'UpdateRule': {
        const current = ruleOfTeam(state, command.ruleId);
        checkRule(command.rule, command.team);
        const rule = definitionOf(command.rule, command.rule.priority ?? current.rule.priority);
        const events: RulesEvent[] = [];
        if (!sameDefinition(current.rule, rule)) events.push({ type: 'RuleChanged', data: { ...ids, rule } });
        if (command.enabled !== current.enabled) {
          events.push(command.enabled ? { type: 'RuleEnabled', data: ids } : { type: 'RuleDisabled', data: ids });
        }
        return events;
      }
      case 'DeleteRule':
        ruleOfTeam(state, command.ruleId);
        return [{ type: 'RuleDeleted', data: ids }];
      default: {
        const unknown: never = command;
        throw new Error(`Unknown command ${JSON.stringify(unknown)}`);
      }
    }
  },

  evolve(state, event) {
    const rules = new Map(state.rules);
    switch (event.type) {
      case 'RuleCreated':
        rules.set(event.data.ruleId, { enabled: event.data.enabled, rule: event.data.rule });
        break;
      case 'RuleChanged': {
        const current = rules.get(event.data.ruleId);
        rules.set(event.data.ruleId, { enabled: current?.enabled ?? true, rule: event.data.rule });
        break;
      }
      case 'RuleEnabled':
      case 'RuleDisabled': {
        const current = rules.get(event.data.ruleId);
        if (current) rules.set(event.data.ruleId, { ...current, enabled: event.type === 'RuleEnabled' });
        break;
      }
      case 'RuleDeleted':
        rules.delete(event.data.ruleId);
        break;
      default: {
        const unknown: never = event;
        return unknown;
      }
    }
    return { rules };
  },
};
