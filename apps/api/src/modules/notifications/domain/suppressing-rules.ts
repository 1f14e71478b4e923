import type { RuleEventMap, RuleEventType } from '@teaminbox/contracts';

/** What notifications keeps of a team's rule: whether it is on and whether it suppresses notifications. */
export interface NotificationRule {
  ruleId: string;
  teamId: string;
  enabled: boolean;
  suppressing: boolean;
}

export const RULE_EVENT_TYPES: readonly RuleEventType[] = [
  'RuleCreated',
  'RuleChanged',
  'RuleEnabled',
  'RuleDisabled',
  'RuleDeleted',
];

const RULE_EVENTS: ReadonlySet<string> = new Set(RULE_EVENT_TYPES);
export const isRuleEvent = (type: string): type is RuleEventType => RULE_EVENTS.has(type);

type RuleEvent = { [K in RuleEventType]: { type: K; data: RuleEventMap[K] } }[RuleEventType];

/**
 * The rules known after one rule event, by rule id (null: deleted). A rule not known before its change (there is
 * none: the read model started from every rule there was) is taken as not suppressing.
 */
export function evolveRules(rules: Map<string, NotificationRule | null>, event: RuleEvent): void {
  const { ruleId, teamId } = event.data;
  const known = rules.get(ruleId) ?? { ruleId, teamId, enabled: false, suppressing: false };
  switch (event.type) {
    case 'RuleCreated':
      rules.set(ruleId, {
        ruleId,
        teamId,
        enabled: event.data.enabled,
        suppressing: event.data.rule.suppressNotifications,
      });
      return;
    case 'RuleChanged':
      rules.set(ruleId, { ...known, suppressing: event.data.rule.suppressNotifications });
      return;
    case 'RuleEnabled':
      rules.set(ruleId, { ...known, enabled: true });
      return;
    case 'RuleDisabled':
      rules.set(ruleId, { ...known, enabled: false });
      return;
    case 'RuleDeleted':
      rules.set(ruleId, null);
      return;
  }
}

/** Whether the team has an enabled rule that suppresses notifications: its new mail then waits for the rules engine. */
export function suppresses(rules: ReadonlyMap<string, NotificationRule | null>, teamId: string): boolean {
  for (const rule of rules.values())
    if (rule && rule.teamId === teamId && rule.enabled && rule.suppressing) return true;
  return false;
}
