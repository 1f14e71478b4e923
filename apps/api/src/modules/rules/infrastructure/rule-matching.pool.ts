import { createHash } from 'node:crypto';
import { availableParallelism } from 'node:os';
import { extname, join } from 'node:path';
import { Inject, Injectable, Logger, type OnApplicationShutdown, Optional } from '@nestjs/common';
import type { Rule } from '@teaminbox/contracts';
import { type Pool, pool as workerPool } from 'workerpool';
import type { EmailFacts } from '../domain/rule-matcher';
import type { MatchedRule } from '../domain/rules-engine';
import type { EmailMatched, MatchTask, MatchTaskResult, RuleMatchingEvent } from './rule-matching.protocol';

/** The budgets of rule matching (docs/rules.md, "Matching on a budget"). */
export interface RuleMatchingOptions {
  /** Worker processes at most (default: one per core, at least 2, at most 4). */
  workers?: number;
  /** How long one rule may run on one email before it is stopped for that email as too slow (default 500 ms). */
  ruleBudgetMs?: number;
  /**
   * A team's matching time in one batch of new mail (default 5 s). Past it, the rules already too slow in the batch
   * are left out of its other emails, and each rule gets the reduced budget below.
   */
  teamBudgetMs?: number;
  /** A rule's budget on an email once its team's budget of the batch is spent (default 100 ms). */
  reducedRuleBudgetMs?: number;
  /**
   * The CPU time a new pattern may take on the texts made to be hard for it, before it is saved (default 200 ms).
   * CPU rather than wall time: a worker runs at a low priority, and on a busy machine gets a fraction of a core.
   */
  probeBudgetMs?: number;
  /** Emails handed to a worker in one task at most (default 50; fewer when their text passes about 1 MB). */
  emailsPerTask?: number;
}

/** Provider token of the options (optional: the defaults suit production). */
export const RULE_MATCHING_OPTIONS = Symbol('RULE_MATCHING_OPTIONS');

/**
 * The worker's entry beside this file: compiled JavaScript in dist, TypeScript when the code runs from source
 * (tests and benchmarks), where the worker first registers the same swc hook.
 */
const WORKER_ENTRY = join(__dirname, `rule-matching.worker${extname(__filename)}`);
const SWC_REGISTER = join(__dirname, '../../../../test/support/swc-register.js');

/** A probe's wall-clock limit, in multiples of its CPU budget (the worker's share of a busy machine's cores). */
const PROBE_WALL_FACTOR = 10;

/** About the most text handed to a worker in one task (the message is serialised on the event loop). */
const TASK_TEXT_MAX_LENGTH = 1_000_000;

/** How often the watchdog looks at the running tasks. */
const WATCH_INTERVAL_MS = 10;

/** One email's outcome: the rules that matched it and the rules stopped on it as too slow (in the order they run). */
export interface EmailMatch {
  matched: MatchedRule[];
  tooSlow: Rule[];
}

type Outcome<T> = { done: T } | { stopped: true };

interface Watched {
  budgetMs: number;
  /** When the worker last reported (undefined until it started the task). */
  heardAt?: number;
  cancel(): void;
  stopped?: boolean;
  ended?: boolean;
}

/**
 * Matches rules in worker processes (workerpool), never in the API's process, each rule on each email on a budget.
 * A native RE2 scan cannot be interrupted, so a watchdog stops a worker that has reported nothing for longer than the
 * budget (the pool starts another). The emails it had not reported run again, this time with each rule announced as
 * it starts, so the next stop names the rule: that rule is left out for that email (too slow) and the rest goes on.
 * A team's batch is matched one task after another, so one team holds at most one worker and the other teams' mail
 * is matched beside it.
 */
@Injectable()
export class RuleMatchingPool implements OnApplicationShutdown {
  private readonly logger = new Logger(RuleMatchingPool.name);
  private readonly pool: Pool;
  private readonly options: Required<RuleMatchingOptions>;
  private readonly watched = new Set<Watched>();
  private watchdog: NodeJS.Timeout | undefined;

  constructor(@Optional() @Inject(RULE_MATCHING_OPTIONS) options: RuleMatchingOptions | null = null) {
    this.options = {
      workers: Math.min(4, Math.max(2, availableParallelism())),
      ruleBudgetMs: 500,
      teamBudgetMs: 5_000,
      reducedRuleBudgetMs: 100,
      probeBudgetMs: 200,
      emailsPerTask: 50,
      ...options,
    };
    this.pool = workerPool(WORKER_ENTRY, {
      workerType: 'process',
      maxWorkers: this.options.workers,
      // A stopped worker is ended at once: busy in a native scan, it cannot answer the request to clean up.
      workerTerminateTimeout: 1,
      forkOpts: { execArgv: WORKER_ENTRY.endsWith('.ts') ? ['--require', SWC_REGISTER] : [] },
    });
  }

  /**
   * Matches a team's enabled rules (in the order they run) against its emails, on the team's budget. Rules whose
   * stored pattern no longer compiles are logged and never match.
   */
  async match(teamId: string, rules: Rule[], emails: EmailFacts[]): Promise<EmailMatch[]> {
    const results: EmailMatch[] = emails.map(() => ({ matched: [], tooSlow: [] }));
    if (rules.length === 0 || emails.length === 0) return results;
    const rulesKey = createHash('sha256').update(JSON.stringify(rules)).digest('base64url');
    const tooSlow = emails.map(() => new Set<number>());
    const slowInBatch = new Set<number>();
    let spentMs = 0;
    let logged = false;
    let announce = false;
    for (let start = 0; start < emails.length;) {
      const chunk = emails.slice(start, this.chunkEnd(emails, start));
      const overBudget = spentMs > this.options.teamBudgetMs;
      const skip = chunk.map((_, index) => [
        ...new Set([...tooSlow[start + index], ...(overBudget ? slowInBatch : [])]),
      ]);
      const budgetMs = overBudget ? this.options.reducedRuleBudgetMs : this.options.ruleBudgetMs;
      const reported = new Set<number>();
      let running: { email: number; rule: number } | undefined;
      const record = ({ email, matched }: EmailMatched) => {
        reported.add(email);
        results[start + email] = {
          matched: matched.map(({ rule, conditions }) => ({ rule: rules[rule], conditions })),
          tooSlow: skip[email].sort((a, b) => a - b).map((rule) => rules[rule]),
        };
      };
      const task: MatchTask = { rulesKey, rules, emails: chunk, skip, announce };
      const submittedAt = Date.now();
      const outcome = await this.run<MatchTaskResult>('match', [task], budgetMs, (event) => {
        if (event.kind === 'matched') event.emails.forEach(record);
        else if (event.kind === 'rule') running = { email: event.email, rule: event.rule };
      });
      // The team's time: its tasks from hand-over to end, a stopped worker's replacement included.
      spentMs += Date.now() - submittedAt;
      let done = 0;
      while (reported.has(done)) done++;
      if ('stopped' in outcome) {
        if (running && announce) {
          tooSlow[start + running.email].add(running.rule);
          slowInBatch.add(running.rule);
          this.logger.warn(
            `Rule ${rules[running.rule].id} of team ${teamId} stopped on an email: it ran past its budget of ${budgetMs} ms`,
          );
        }
        // Not announcing, the stop tells the email, not the rule: its emails not reported run again, announced.
        announce = true;
        start += done;
        continue;
      }
      outcome.done.emails.forEach(record);
      if (!logged) {
        for (const { rule, message } of outcome.done.invalid)
          this.logger.error(`Rule ${rules[rule].id} of team ${teamId} cannot run: ${message}`);
        logged = true;
      }
      // Once a rule was too slow in the batch, the team's next tasks announce their rules: a stop names the rule at once.
      announce = slowInBatch.size > 0;
      start += chunk.length;
    }
    return results;
  }

  /**
   * Where the task starting at `start` ends: at most `emailsPerTask` emails and about TASK_TEXT_MAX_LENGTH characters
   * of text (at least one email), so that handing a task over never holds the event loop for long.
   */
  private chunkEnd(emails: EmailFacts[], start: number): number {
    let end = start;
    let length = 0;
    while (end < emails.length && end - start < this.options.emailsPerTask) {
      const email = emails[end];
      length += email.body.length + email.subject.length;
      for (const header of email.headers) length += header.value.length;
      if (end > start && length > TASK_TEXT_MAX_LENGTH) break;
      end++;
    }
    return end;
  }

  /**
   * Whether a pattern runs within the probe's CPU budget on texts made to be hard for it (see adversarialTexts). A
   * worker silent for PROBE_WALL_FACTOR times the budget is stopped, and the pattern is too slow as well.
   */
  async probe(pattern: string): Promise<boolean> {
    const budgetMs = this.options.probeBudgetMs;
    const outcome = await this.run<number>('probe', [pattern], budgetMs * PROBE_WALL_FACTOR, () => undefined);
    return !('stopped' in outcome) && outcome.done <= budgetMs;
  }

  private async run<T>(
    method: string,
    params: unknown[],
    budgetMs: number,
    onEvent: (event: RuleMatchingEvent) => void,
  ): Promise<Outcome<T>> {
    let cancel = () => {};
    const watched: Watched = { budgetMs, cancel: () => cancel() };
    const execution = this.pool.exec(method, params, {
      on: (event: RuleMatchingEvent) => {
        // A stopped worker may still report before it is ended: what it says then is not taken.
        if (watched.stopped || watched.ended) return;
        watched.heardAt = Date.now();
        onEvent(event);
      },
    });
    cancel = () => execution.cancel();
    this.watch(watched);
    try {
      return { done: (await execution) as T };
    } catch (error) {
      if (watched.stopped) return { stopped: true };
      throw error;
    } finally {
      watched.ended = true;
      this.unwatch(watched);
    }
  }

  private watch(watched: Watched): void {
    this.watched.add(watched);
    this.watchdog ??= setInterval(() => this.check(), WATCH_INTERVAL_MS).unref();
  }

  private unwatch(watched: Watched): void {
    this.watched.delete(watched);
    if (this.watched.size === 0 && this.watchdog) {
      clearInterval(this.watchdog);
      this.watchdog = undefined;
    }
  }

  /** Stops every task whose worker has reported nothing for longer than its budget. */
  private check(): void {
    const now = Date.now();
    for (const watched of this.watched) {
      if (watched.stopped || watched.heardAt === undefined || now - watched.heardAt <= watched.budgetMs) continue;
      watched.stopped = true;
      watched.cancel();
    }
  }

  async onApplicationShutdown(): Promise<void> {
    if (this.watchdog) clearInterval(this.watchdog);
    await this.pool.terminate(true);
  }
}
