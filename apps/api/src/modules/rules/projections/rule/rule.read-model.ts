import type { Rule, RuleAction, RuleCondition, RuleMatchMode } from '@teaminbox/contracts';

/** A row of `rule`: one rule of a team as it is now (deleted rules are removed). */
export interface RuleRow {
  id: string;
  team_id: string;
  name: string;
  enabled: boolean;
  priority: number;
  match_mode: RuleMatchMode;
  conditions: RuleCondition[];
  actions: RuleAction[];
  suppress_notifications: boolean;
}

export const SELECT_RULE = `SELECT id, team_id, name, enabled, priority, match_mode, conditions, actions,
  suppress_notifications FROM rule`;

/** Lower priority first, equal priorities in the order the rules were created (ids are time-ordered). */
export const RULE_ORDER = 'ORDER BY priority, id';

export const toRule = (row: RuleRow): Rule => ({
  id: row.id,
  name: row.name,
  enabled: row.enabled,
  priority: row.priority,
  matchMode: row.match_mode,
  conditions: row.conditions,
  actions: row.actions,
  suppressNotifications: row.suppress_notifications,
});
