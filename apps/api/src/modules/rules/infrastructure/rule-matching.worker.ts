/**
 * Entry of a rule-matching worker process (see RuleMatchingPool): runs a team's rules against its emails, or times a
 * pattern before it is saved, away from the API's process. A process rather than a thread: the RE2 addon cannot be
 * loaded again in a thread after another thread that had it was ended, and ending the worker is how a rule past its
 * budget is stopped.
 */
import { setPriority } from 'node:os';
import type { Rule } from '@teaminbox/contracts';
import { LRUCache } from 'lru-cache';
import { worker, workerEmit } from 'workerpool';
import { adversarialTexts } from '../domain/regex-probe';
import { type CompiledRule, compileRegex, compileRule, groupRegexes } from '../domain/rule-matcher';
import { matchRules } from '../domain/rules-engine';
import type { EmailMatched, MatchTask, MatchTaskResult, RuleMatchingEvent } from './rule-matching.protocol';

/**
 * The nice value of a worker process: below the API's process on a busy machine, yet not starved for long (at 19 a
 * worker would get a few per cent of a core beside busy processes, and normal rules would run past their budget).
 */
const WORKER_PRIORITY = 10;

// Matching is background work: the API's own process comes first on a busy machine.
setPriority(WORKER_PRIORITY);

/** How often a worker reports the emails it has matched when not announcing each one. */
const REPORT_EVERY_MS = 10;

interface TeamRules {
  compiled: CompiledRule<Rule>[];
  invalid: { rule: number; message: string }[];
}

/** Compiled rules by their definitions' key: a team's rules are compiled once, not per batch. */
const compiledRules = new LRUCache<string, TeamRules>({ max: 256 });

const emit = (event: RuleMatchingEvent) => workerEmit(event);

function compile(rules: Rule[]): TeamRules {
  const invalid: TeamRules['invalid'] = [];
  const compiled = rules.map((rule, index) => {
    try {
      return compileRule(rule);
    } catch (error) {
      invalid.push({ rule: index, message: (error as Error).message });
      return { rule, tests: rule.conditions.map(() => () => false) };
    }
  });
  return { compiled: groupRegexes(compiled), invalid };
}

function match(task: MatchTask): MatchTaskResult {
  let team = compiledRules.get(task.rulesKey);
  if (!team) {
    team = compile(task.rules);
    compiledRules.set(task.rulesKey, team);
  }
  emit({ kind: 'started' });
  const invalid = new Set(team.invalid.map(({ rule }) => rule));
  const position = new Map(team.compiled.map((compiled, rule) => [compiled.rule, rule]));
  let pending: EmailMatched[] = [];
  let reportedAt = Date.now();
  task.emails.forEach((email, index) => {
    const matched = matchRules(team.compiled, email, {
      skip: new Set([...invalid, ...(task.skip[index] ?? [])]),
      onRule: task.announce ? (rule) => emit({ kind: 'rule', email: index, rule }) : undefined,
    });
    pending.push({
      email: index,
      matched: matched.map(({ rule, conditions }) => ({ rule: position.get(rule)!, conditions })),
    });
    if (task.announce || Date.now() - reportedAt >= REPORT_EVERY_MS) {
      emit({ kind: 'matched', emails: pending });
      pending = [];
      reportedAt = Date.now();
    }
  });
  return { emails: pending, invalid: team.invalid };
}

/** Times a pattern on the texts made to be hard for it: answers the CPU time it took, in milliseconds. */
function probe(pattern: string): number {
  emit({ kind: 'started' });
  const before = process.cpuUsage();
  const regex = compileRegex(pattern);
  for (const text of adversarialTexts(pattern)) regex.test(Buffer.from(text, 'utf8'));
  const used = process.cpuUsage(before);
  return (used.user + used.system) / 1000;
}

worker({ match, probe });
