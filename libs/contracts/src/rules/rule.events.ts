import type { RuleDefinition, RuleMatchExplanation } from './rule.schemas';

/*
 * A team's rules, on the stream `rules-<teamId>` (one stream per team, so the number of rules is checked against
 * the stream's expected version). Who acted is the metadata's actor.
 */

export interface RuleCreated {
  teamId: string;
  ruleId: string;
  enabled: boolean;
  rule: RuleDefinition;
}

/** The rule's definition as a whole after an edit (whether it is on is RuleEnabled / RuleDisabled). */
export interface RuleChanged {
  teamId: string;
  ruleId: string;
  rule: RuleDefinition;
}

export interface RuleEnabled {
  teamId: string;
  ruleId: string;
}

export interface RuleDisabled {
  teamId: string;
  ruleId: string;
}

export interface RuleDeleted {
  teamId: string;
  ruleId: string;
}

/**
 * On the email's stream: a rule matched the email when it arrived. Appended by the rules engine together with the
 * events of the rule's actions (EmailAssigned, EmailLabelAdded, EmailPriorityChanged, EmailStatusChanged,
 * EmailMarkedSpam), in one append whose event ids derive from (email, rule, action index), so a replay after a
 * crash appends nothing twice. It explains the match: which conditions held, what each action did or why it was
 * skipped. The metadata's actor is the rule.
 */
export interface EmailRuleApplied extends RuleMatchExplanation {
  emailId: string;
  teamId: string;
}

/**
 * On the email's stream, right after EmailRuleApplied of a rule with suppressNotifications: nobody gets the
 * new-mail (EMAIL_RECEIVED) notifications of this email. A notifications reaction knows the engine has decided for
 * an email once the engine's after-commit position passed the email's EmailReceived (docs/rules.md).
 */
export interface EmailNotificationsSuppressed {
  emailId: string;
  teamId: string;
  ruleId: string;
  ruleName: string;
}

/**
 * On the stream `rules-evaluation-<emailId>`: the rules engine has evaluated a new email (not old mail of a first
 * synchronisation) of a team with an enabled rule that suppresses notifications. Appended once the matched rules'
 * events are, with an id derived from the email, so a replay after a crash appends nothing twice. Notifications holds
 * such a team's new-mail notifications until it arrives (docs/notifications.md). `suppressNotifications` says whether
 * a matched rule suppressed the email's notifications (EmailNotificationsSuppressed is then on the email's stream).
 */
export interface EmailRulesEvaluated {
  teamId: string;
  emailId: string;
  matchedRuleIds: string[];
  suppressNotifications: boolean;
}

/** Events of the rules context (team rule streams); appended through the rules decider. */
export interface RuleEventMap {
  RuleCreated: RuleCreated;
  RuleChanged: RuleChanged;
  RuleEnabled: RuleEnabled;
  RuleDisabled: RuleDisabled;
  RuleDeleted: RuleDeleted;
}
export type RuleEventType = keyof RuleEventMap;
