import type {
  Rule,
  RuleAction,
  RuleActionOutcome,
  RuleActionSkipReason,
  RuleActionType,
  RuleConditionResult,
} from '@teaminbox/contracts';
import { type CompiledRule, compileRule, type EmailFacts, EmailTexts, groupRegexes, matchRule } from './rule-matcher';

/**
 * The rules engine's pure core: which enabled rules match an email (in priority order) and what each of their
 * actions resolves to, given the facts the process manager gathered (members and their vacation, labels, the last
 * responder). No I/O: the same facts always give the same plan.
 */

/** Lower priority first; equal priorities in the order the rules were created (ids are time-ordered). */
export function byPriority(a: Pick<Rule, 'id' | 'priority'>, b: Pick<Rule, 'id' | 'priority'>): number {
  return a.priority - b.priority || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
}

/** A team's enabled rules, compiled once and ordered, to run against many emails. */
export function compileRules(rules: readonly Rule[]): CompiledRule<Rule>[] {
  return groupRegexes(
    rules
      .filter((rule) => rule.enabled)
      .sort(byPriority)
      .map((rule) => compileRule(rule)),
  );
}

export interface MatchedRule {
  rule: Rule;
  conditions: RuleConditionResult[];
}

/** How a caller follows and limits one email's matching. */
export interface MatchControl {
  /** Positions of rules left out for this email (too slow on it before). */
  skip?: ReadonlySet<number>;
  /** Called as each rule starts, with its position (a watchdog can tell which rule is running). */
  onRule?(index: number): void;
}

/** Every enabled rule that matches the email, in the order they run. */
export function matchRules(
  rules: readonly CompiledRule<Rule>[],
  email: EmailFacts,
  control: MatchControl = {},
): MatchedRule[] {
  const texts = new EmailTexts(email);
  const matched: MatchedRule[] = [];
  for (const [index, compiled] of rules.entries()) {
    if (control.skip?.has(index)) continue;
    control.onRule?.(index);
    const result = matchRule(compiled, texts);
    if (result.matched) matched.push({ rule: compiled.rule, conditions: result.conditions });
  }
  return matched;
}

/** Whether resolving these rules' actions needs the last responder (a query the process manager makes only then). */
export function needsLastResponder(matched: readonly MatchedRule[]): boolean {
  return matched.some(({ rule }) => rule.actions.some((action) => action.type === 'ASSIGN_LAST_RESPONDER'));
}

export interface MemberFacts {
  name: string | null;
  /** The member's address (the subject of their name's personal data in the assignment). */
  email?: string;
  onVacation: boolean;
  /** An auditor is never assigned (absent: not an auditor). */
  auditor?: boolean;
}

export interface ActionFacts {
  /** The team's members now. */
  members: ReadonlyMap<string, MemberFacts>;
  /** The team's labels: id -> name. */
  labels: ReadonlyMap<string, string>;
  /** The member resolved by lastResponder(), or null; undefined when not asked for (no such action). */
  lastResponder?: string | null;
}

/** An action with its target resolved, or the reason it is skipped before it reaches the email. */
export type ResolvedAction = { index: number; type: RuleActionType; value: string | null } & (
  | {
      kind: 'assign';
      userId: string;
      userName: string | null;
      userEmail?: string | null;
      /** The action also takes a follow-up of an assigned conversation from the conversation's assignee. */
      reassignConversation?: boolean;
    }
  | { kind: 'label'; labelId: string; labelName: string }
  | { kind: 'priority'; priority: string }
  | { kind: 'status'; status: string }
  | { kind: 'spam' }
  | { kind: 'skip'; reason: RuleActionSkipReason; target: RuleActionOutcome['target'] }
);

/**
 * Resolves a matched rule's actions in order. An assignment to a member on vacation is skipped when the action has
 * skipIfOnVacation (a later assignment action of the same or a later rule may still assign); a member who left the
 * team, a member who became an auditor or a deleted label skip their action; ASSIGN_LAST_RESPONDER without a responder is skipped with its reason.
 */
export function resolveActions(actions: readonly RuleAction[], facts: ActionFacts): ResolvedAction[] {
  return actions.map((action, index): ResolvedAction => {
    const base = { index, type: action.type, value: action.value };
    switch (action.type) {
      case 'ASSIGN_TO_USER':
        return assign(base, action, action.value ?? '', facts);
      case 'ASSIGN_LAST_RESPONDER': {
        const responder = facts.lastResponder ?? null;
        if (!responder) return { ...base, kind: 'skip', reason: 'NO_LAST_RESPONDER', target: null };
        return assign(base, action, responder, facts);
      }
      case 'ADD_LABEL': {
        const name = facts.labels.get(action.value ?? '');
        if (name === undefined) return { ...base, kind: 'skip', reason: 'LABEL_NOT_FOUND', target: null };
        return { ...base, kind: 'label', labelId: action.value!, labelName: name };
      }
      case 'SET_PRIORITY':
        return { ...base, kind: 'priority', priority: action.value ?? '' };
      case 'SET_STATUS':
        return { ...base, kind: 'status', status: action.value ?? '' };
      case 'MARK_AS_SPAM':
        return { ...base, kind: 'spam' };
    }
  });
}

function assign(
  base: { index: number; type: RuleActionType; value: string | null },
  action: RuleAction,
  userId: string,
  facts: ActionFacts,
): ResolvedAction {
  const member = facts.members.get(userId);
  if (!member) return { ...base, kind: 'skip', reason: 'NOT_A_MEMBER', target: { id: userId, name: null } };
  const target = { id: userId, name: member.name, ...(member.email ? { email: member.email } : {}) };
  if (member.auditor) return { ...base, kind: 'skip', reason: 'AUDITOR', target };
  if (action.skipIfOnVacation && member.onVacation) return { ...base, kind: 'skip', reason: 'ON_VACATION', target };
  return {
    ...base,
    kind: 'assign',
    userId,
    userName: member.name,
    ...(member.email ? { userEmail: member.email } : {}),
    ...(action.reassignConversation ? { reassignConversation: true } : {}),
  };
}

/** A reply the team sent: who wrote it and when it left. */
export interface SentReply {
  authorId: string;
  at: string;
}

/**
 * ASSIGN_LAST_RESPONDER: the member who last sent a reply in the email's thread; when nobody did, the member who
 * last replied to the same sender (any conversation); otherwise nobody. Authors who left the team do not count
 * (the caller's isMember also leaves auditors out: they are never assigned).
 */
export function lastResponder(
  facts: { thread: readonly SentReply[]; sameSender: readonly SentReply[] },
  isMember: (userId: string) => boolean,
): string | null {
  return latestBy(facts.thread, isMember) ?? latestBy(facts.sameSender, isMember);
}

function latestBy(replies: readonly SentReply[], isMember: (userId: string) => boolean): string | null {
  let latest: SentReply | null = null;
  for (const reply of replies) {
    if (!isMember(reply.authorId)) continue;
    if (!latest || Date.parse(reply.at) > Date.parse(latest.at)) latest = reply;
  }
  return latest?.authorId ?? null;
}
