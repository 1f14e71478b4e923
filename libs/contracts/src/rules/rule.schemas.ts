import { z } from 'zod';
import { EMAIL_STATUSES, PRIORITIES } from '../conversations/email.schemas';

/* ------------------------------------------------------------------------------------------------
 * Automatic rules (GET/POST /rules, PUT/DELETE /rules/{id}): a team's rules on incoming mail
 * ---------------------------------------------------------------------------------------------- */

export const RULE_CONDITION_FIELDS = ['FROM_EMAIL', 'SUBJECT', 'BODY', 'HAS_ATTACHMENT', 'HEADER'] as const;
export type RuleConditionField = (typeof RULE_CONDITION_FIELDS)[number];

export const RULE_OPERATORS = ['CONTAINS', 'EQUALS', 'STARTS_WITH', 'ENDS_WITH', 'REGEX', 'IN_LIST'] as const;
export type RuleOperator = (typeof RULE_OPERATORS)[number];

export const RULE_ACTION_TYPES = [
  'ASSIGN_TO_USER',
  'ASSIGN_LAST_RESPONDER',
  'ADD_LABEL',
  'SET_PRIORITY',
  'SET_STATUS',
  'MARK_AS_SPAM',
] as const;
export type RuleActionType = (typeof RULE_ACTION_TYPES)[number];

export const RULE_MATCH_MODES = ['ALL', 'ANY'] as const;
export type RuleMatchMode = (typeof RULE_MATCH_MODES)[number];

/** The statuses the rules screen offers (the email's RESOLVED is accepted too, but not offered). */
export const RULE_STATUS_OPTIONS = ['NEW', 'IN_PROGRESS', 'CLOSED'] as const;

/** Limits: rules per team, conditions and actions per rule, and the sizes of texts. */
export const MAX_RULES_PER_TEAM = 200;
export const MAX_CONDITIONS_PER_RULE = 20;
export const MAX_ACTIONS_PER_RULE = 10;
export const RULE_NAME_MAX_LENGTH = 200;
export const RULE_VALUE_MAX_LENGTH = 2000;
/** A regular expression's source is capped; RE2 also refuses a pattern whose compiled program is too large. */
export const RULE_REGEX_MAX_LENGTH = 500;
export const RULE_HEADER_NAME_MAX_LENGTH = 100;
export const RULE_PRIORITY_MIN = -1_000_000;
export const RULE_PRIORITY_MAX = 1_000_000;

export const RULE_NAME_REQUIRED_MESSAGE = 'Please enter a rule name';
export const RULE_NOT_FOUND_MESSAGE = 'Rule not found';
export const TOO_MANY_RULES_MESSAGE = `A team can have at most ${MAX_RULES_PER_TEAM} rules`;
export const TOO_MANY_CONDITIONS_MESSAGE = `A rule can have at most ${MAX_CONDITIONS_PER_RULE} conditions`;
export const TOO_MANY_ACTIONS_MESSAGE = `A rule can have at most ${MAX_ACTIONS_PER_RULE} actions`;
export const REGEX_TOO_LONG_MESSAGE = `A regular expression is limited to ${RULE_REGEX_MAX_LENGTH} characters`;
export const HEADER_NAME_REQUIRED_MESSAGE = 'A HEADER condition needs a header name';
/** A pattern whose counted repetitions or unrolled size would make it slow on mail (the reason follows). */
export const REGEX_TOO_COSTLY_MESSAGE = 'this regular expression would be too slow on incoming mail';
/** A pattern that took too long on texts made to be hard for it when the rule was saved. */
export const REGEX_TOO_SLOW_MESSAGE =
  'this regular expression is too slow on incoming mail (it took too long on a test text); simplify it';

export interface RuleCondition {
  field: RuleConditionField;
  operator: RuleOperator;
  /** Compared case-insensitively, except REGEX (use the (?i) flag); IN_LIST: comma separated. */
  value: string;
  /** For HEADER only: the header's name (case-insensitive), e.g. X-Priority. */
  headerName?: string;
}

export interface RuleAction {
  type: RuleActionType;
  /** A user id (ASSIGN_TO_USER), a label id (ADD_LABEL), a priority or a status; null for the others. */
  value: string | null;
  /** For the assignment actions: a member on vacation is not assigned. */
  skipIfOnVacation: boolean;
  /**
   * For the assignment actions: also assign a follow-up of a conversation that has an assignee (absent or false: the
   * follow-up keeps the conversation's assignee).
   */
  reassignConversation?: boolean;
}

/** What defines a rule besides its id and whether it is on. */
export interface RuleDefinition {
  name: string;
  priority: number;
  matchMode: RuleMatchMode;
  conditions: RuleCondition[];
  actions: RuleAction[];
  suppressNotifications: boolean;
}

/**
 * A rule the engine stopped on incoming mail for running past its budget (docs/rules.md): on which email last, when,
 * and how often since its conditions were last edited (an edit of them clears it).
 */
export interface RuleTooSlow {
  emailId: string;
  at: string;
  times: number;
}

/** A rule as GET /rules lists it (lower priority first) and POST/PUT answer it. */
export interface Rule extends RuleDefinition {
  id: string;
  enabled: boolean;
  /** Set when the engine stopped the rule on an email as too slow, since its conditions were last edited. */
  tooSlow?: RuleTooSlow | null;
}

const choice = <T extends readonly [string, ...string[]]>(values: T, what: string) =>
  z.enum(values, { error: (issue) => `Unknown ${what} '${String(issue.input)}'` });

const value = z
  .string('A value must be text')
  .max(RULE_VALUE_MAX_LENGTH, `A value is limited to ${RULE_VALUE_MAX_LENGTH} characters`)
  .nullish()
  .transform((v) => v ?? '');

export const ZRuleCondition = z
  .object({
    field: choice(RULE_CONDITION_FIELDS, 'condition field'),
    operator: choice(RULE_OPERATORS, 'condition operator'),
    value,
    headerName: z
      .string()
      .trim()
      .max(RULE_HEADER_NAME_MAX_LENGTH, `A header name is limited to ${RULE_HEADER_NAME_MAX_LENGTH} characters`)
      .regex(/^[!-9;-~]*$/, 'A header name has printable characters only, without a colon')
      .nullish(),
  })
  .superRefine((condition, ctx) => {
    if (condition.field === 'HEADER' && !condition.headerName) {
      ctx.addIssue({ code: 'custom', message: HEADER_NAME_REQUIRED_MESSAGE, path: ['headerName'] });
    }
    if (condition.operator === 'REGEX' && condition.value.length > RULE_REGEX_MAX_LENGTH) {
      ctx.addIssue({ code: 'custom', message: REGEX_TOO_LONG_MESSAGE, path: ['value'] });
    }
  })
  .transform((condition): RuleCondition =>
    condition.field === 'HEADER'
      ? {
          field: condition.field,
          operator: condition.operator,
          value: condition.value,
          headerName: condition.headerName!,
        }
      : { field: condition.field, operator: condition.operator, value: condition.value },
  );

const PRIORITY_OR_STATUS: Partial<Record<RuleActionType, readonly string[]>> = {
  SET_PRIORITY: PRIORITIES,
  SET_STATUS: EMAIL_STATUSES,
};

export const ZRuleAction = z
  .object({
    type: choice(RULE_ACTION_TYPES, 'action type'),
    value: z
      .string('A value must be text')
      .trim()
      .max(RULE_VALUE_MAX_LENGTH)
      .nullish()
      .transform((v) => v ?? ''),
    skipIfOnVacation: z
      .boolean()
      .nullish()
      .transform((v) => v ?? false),
    reassignConversation: z
      .boolean('reassignConversation must be true or false')
      .nullish()
      .transform((v) => v ?? false),
  })
  .superRefine((action, ctx) => {
    const allowed = PRIORITY_OR_STATUS[action.type];
    if (allowed && !allowed.includes(action.value)) {
      const what = action.type === 'SET_PRIORITY' ? 'priority' : 'status';
      ctx.addIssue({
        code: 'custom',
        message: `Unknown ${what} '${action.value}' (expected ${allowed.join(', ')})`,
        path: ['value'],
      });
    }
    if ((action.type === 'ASSIGN_TO_USER' || action.type === 'ADD_LABEL') && !action.value) {
      const what = action.type === 'ASSIGN_TO_USER' ? 'Choose a member to assign' : 'Choose a label to add';
      ctx.addIssue({ code: 'custom', message: what, path: ['value'] });
    }
  })
  .transform((action): RuleAction => ({
    type: action.type,
    value: action.type === 'ASSIGN_LAST_RESPONDER' || action.type === 'MARK_AS_SPAM' ? null : action.value,
    skipIfOnVacation: action.skipIfOnVacation,
    ...(action.reassignConversation && (action.type === 'ASSIGN_TO_USER' || action.type === 'ASSIGN_LAST_RESPONDER')
      ? { reassignConversation: true }
      : {}),
  }));

/**
 * POST /rules and PUT /rules/{id}: the whole rule. Missing values take the new-rule defaults (enabled, match ALL,
 * no conditions, no actions, not suppressing notifications); a missing priority is the number of rules plus one.
 * Other fields (the `id` of an edited copy, a `teamId`) are ignored: the id comes from the path, the team from the
 * caller. Labels and members are checked against the caller's team, regular expressions by the server's engine.
 */
export const ZRuleRequest = z.object({
  name: z
    .string(RULE_NAME_REQUIRED_MESSAGE)
    .trim()
    .min(1, RULE_NAME_REQUIRED_MESSAGE)
    .max(RULE_NAME_MAX_LENGTH, `The rule name is limited to ${RULE_NAME_MAX_LENGTH} characters`),
  enabled: z
    .boolean('enabled must be true or false')
    .nullish()
    .transform((v) => v ?? true),
  priority: z
    .number('The priority must be a whole number')
    .int('The priority must be a whole number')
    .min(RULE_PRIORITY_MIN, `The priority must be at least ${RULE_PRIORITY_MIN}`)
    .max(RULE_PRIORITY_MAX, `The priority must be at most ${RULE_PRIORITY_MAX}`)
    .nullish()
    .transform((v) => v ?? null),
  matchMode: choice(RULE_MATCH_MODES, 'match mode')
    .nullish()
    .transform((v) => v ?? 'ALL'),
  conditions: z
    .array(ZRuleCondition, 'conditions must be a list')
    .max(MAX_CONDITIONS_PER_RULE, TOO_MANY_CONDITIONS_MESSAGE)
    .nullish()
    .transform((v) => v ?? []),
  actions: z
    .array(ZRuleAction, 'actions must be a list')
    .max(MAX_ACTIONS_PER_RULE, TOO_MANY_ACTIONS_MESSAGE)
    .nullish()
    .transform((v) => v ?? []),
  suppressNotifications: z
    .boolean('suppressNotifications must be true or false')
    .nullish()
    .transform((v) => v ?? false),
});
export type TRuleRequest = z.infer<typeof ZRuleRequest>;

/** The payload of EmailRulesEvaluated (rule.events.ts), as a reader of the event checks it. */
export const ZEmailRulesEvaluated = z.object({
  teamId: z.guid(),
  emailId: z.guid(),
  matchedRuleIds: z.array(z.guid()),
  suppressNotifications: z.boolean(),
});

/* ------------------------------------------------------------------------------------------------
 * Explanation of an email's rules (GET /emails/{id}/rules)
 * ---------------------------------------------------------------------------------------------- */

/** A condition of a matched rule and whether it held for the email. */
export interface RuleConditionResult extends RuleCondition {
  held: boolean;
}

/** Why an action did nothing. */
export const RULE_ACTION_SKIP_REASONS = [
  /** The member to assign is on vacation and the action has skipIfOnVacation. */
  'ON_VACATION',
  /** ASSIGN_LAST_RESPONDER: no member replied in the thread nor to the sender. */
  'NO_LAST_RESPONDER',
  /** The member is no longer in the team. */
  'NOT_A_MEMBER',
  /** The member is an auditor now: auditors are never assigned. */
  'AUDITOR',
  /** The label was deleted. */
  'LABEL_NOT_FOUND',
  /** The email already was in that state (assigned to that member, labelled, that priority...). */
  'ALREADY_SET',
  /**
   * A follow-up keeps its conversation's assignee: the assignment action does not say to reassign conversations
   * already assigned (reassignConversation).
   */
  'CONVERSATION_ASSIGNEE',
] as const;
export type RuleActionSkipReason = (typeof RULE_ACTION_SKIP_REASONS)[number];

/** What one action of a matched rule did. */
export interface RuleActionOutcome {
  index: number;
  type: RuleActionType;
  value: string | null;
  /**
   * For assignments: the member assigned (or who would have been), for labels: the label's name. A member's
   * `email` is recorded from now on (absent in older events): their key seals the name and address
   * (docs/audit.md, crypto-shredding).
   */
  target: { id: string; name: string | null; email?: string } | null;
  applied: boolean;
  skipReason: RuleActionSkipReason | null;
}

/** Why a rule matched an email (which conditions held) and what each of its actions did. */
export interface RuleMatchExplanation {
  ruleId: string;
  ruleName: string;
  matchMode: RuleMatchMode;
  conditions: RuleConditionResult[];
  actions: RuleActionOutcome[];
  suppressNotifications: boolean;
}

/** A rule that matched an email when it arrived, why, and what its actions did. */
export interface EmailRuleMatch extends RuleMatchExplanation {
  appliedAt: string;
}

/**
 * GET /emails/{id}/rules: the rules that matched the email on arrival, in the order they ran. `evaluated` is false
 * while the engine has not handled the email yet, and for mail the engine skipped (see `skipped`).
 */
export interface EmailRulesExplanation {
  emailId: string;
  evaluated: boolean;
  /** The rules stopped on this email for running past their budget: they neither matched nor acted. */
  tooSlow: { ruleId: string; ruleName: string }[];
  /** FIRST_SYNC: old mail of a first synchronisation with rules switched off for it in the mailbox configuration. */
  skipped: 'FIRST_SYNC' | null;
  matches: EmailRuleMatch[];
}
