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
  too_slow?: Rule['tooSlow'];
}

export const SELECT_RULE = `SELECT id, team_id, name, enabled, priority, match_mode, conditions, actions,
  suppress_notifications FROM rule`;

/**
 * The rules with whether the engine stopped them as too slow since their conditions were last edited (GET /rules):
 * `rule_too_slow` keeps a digest of the conditions a rule had when it was stopped.
 */
export const SELECT_RULE_WITH_SLOWNESS = `SELECT r.id, r.team_id, r.name, r.enabled, r.priority, r.match_mode,
  r.conditions, r.actions, r.suppress_notifications,
  CASE WHEN s.rule_id IS NULL THEN NULL
       ELSE json_build_object('emailId', s.email_id, 'at', s.stopped_at, 'times', s.times) END AS too_slow
  FROM rule r LEFT JOIN rule_too_slow s ON s.rule_id = r.id AND s.conditions_md5 = md5(r.conditions::text)`;

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
  ...(row.too_slow !== undefined
    ? { tooSlow: row.too_slow && { ...row.too_slow, at: new Date(row.too_slow.at).toISOString() } }
    : {}),
});
