import type { Rule, RuleConditionResult } from '@teaminbox/contracts';
import type { EmailFacts } from '../domain/rule-matcher';

/**
 * What the main process and a rule-matching worker process exchange. The worker reports as it goes (RuleMatchingEvent):
 * that it started (after compiling the rules), the emails it has matched (in small groups), and, when asked to
 * announce, each rule as it starts on an email. The main process stops a worker that reports nothing for longer than
 * the budget: a native RE2 scan cannot be interrupted otherwise.
 */

/** Runs a team's enabled rules (in the order they run) against some of its emails. */
export interface MatchTask {
  /** Identifies the rules' definitions: a worker compiles the same rules once. */
  rulesKey: string;
  rules: Rule[];
  emails: EmailFacts[];
  /** Per email, the positions of the rules left out for it. */
  skip: number[][];
  /** Report each rule as it starts and each email as it is done (to learn which rule runs past its budget). */
  announce: boolean;
}

/** One email's matched rules (positions in the task's rules) with their conditions' results. */
export interface EmailMatched {
  email: number;
  matched: { rule: number; conditions: RuleConditionResult[] }[];
}

export interface MatchTaskResult {
  /** The emails not reported yet. */
  emails: EmailMatched[];
  /** Rules whose stored pattern does not compile (they never run). */
  invalid: { rule: number; message: string }[];
}

export type RuleMatchingEvent =
  { kind: 'started' } | { kind: 'matched'; emails: EmailMatched[] } | { kind: 'rule'; email: number; rule: number };
