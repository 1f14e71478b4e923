import { Injectable, Logger } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import type { EmailReceived, EmailStatus, Priority, Rule } from '@teaminbox/contracts';
import { DomainError } from '../../../platform/event-sourcing';
import type { StoredEvent } from '../../../platform/event-store/event-store.port';
import type { Reaction } from '../../../platform/projections/projection';
import { RequestContext } from '../../../platform/request-context';
import { ApplyRuleCommand, type RuleActionToApply } from '../../conversations';
import { type CompiledRule, compileRule, type EmailFacts } from '../domain/rule-matcher';
import {
  type ActionFacts,
  byPriority,
  lastResponder,
  type MatchedRule,
  matchRules,
  needsLastResponder,
  type ResolvedAction,
  resolveActions,
} from '../domain/rules-engine';
import { RulesEngineFacts } from './rules-engine.facts';

export const RULES_ENGINE_REACTION = 'rules-engine';
export const RULE_ENGINE_EVALUATED = 'EVALUATED';
export const RULE_ENGINE_SKIPPED_FIRST_SYNC = 'SKIPPED_FIRST_SYNC';

/** Emails of one batch worked on at the same time (each email's rules run in order). */
const CONCURRENCY = 32;

/** What the conditions read of a received email. */
export function emailFactsOf(email: EmailReceived): EmailFacts {
  return {
    fromEmail: email.fromEmail,
    subject: email.subject,
    body: email.text || email.html || '',
    hasAttachment: (email.attachments ?? []).some((attachment) => !attachment.inline),
    headers: email.headers ?? [],
  };
}

function toApply(action: ResolvedAction): RuleActionToApply {
  if (action.kind === 'priority') return { ...action, priority: action.priority as Priority };
  if (action.kind === 'status') return { ...action, status: action.status as EmailStatus };
  return action;
}

/**
 * The rules engine, a process manager with its own durable position (checkpoint 'rules-engine'): on each new email
 * (live or first sync alike) it runs the team's enabled rules in priority order and, for every rule that matches,
 * sends ApplyRuleCommand with the rule's actions resolved (members on vacation, the last responder). The command's
 * event ids derive from (email, rule, action index), so a batch run again after a crash appends nothing twice.
 * Being a reaction, it is never fed by a projection rebuild, and it starts at the head of the log: switching the
 * engine on does not run rules over mail received before.
 *
 * Its after-commit position passes an email's EmailReceived only once every rule's events for it are appended: a
 * notifications reaction that waits for that position knows whether a rule suppressed the email's notifications.
 */
@Injectable()
export class RulesEngineReaction implements Reaction {
  readonly name = RULES_ENGINE_REACTION;
  readonly eventTypes = ['EmailReceived'] as const;
  readonly startAt = 'head' as const;
  private readonly logger = new Logger(RulesEngineReaction.name);

  constructor(
    private readonly facts: RulesEngineFacts,
    private readonly commands: CommandBus,
  ) {}

  async afterCommit(events: StoredEvent[]): Promise<void> {
    const byTeam = new Map<string, StoredEvent<EmailReceived>[]>();
    for (const event of events) {
      if (event.type !== 'EmailReceived') continue;
      const received = event as StoredEvent<EmailReceived>;
      const list = byTeam.get(received.data.teamId) ?? [];
      list.push(received);
      byTeam.set(received.data.teamId, list);
    }
    for (const [teamId, received] of byTeam) await this.handleTeam(teamId, received);
  }

  private async handleTeam(teamId: string, received: StoredEvent<EmailReceived>[]): Promise<void> {
    const [rules, onFirstSync] = await Promise.all([
      this.facts.enabledRules(teamId),
      this.facts.rulesOnFirstSync(teamId),
    ]);
    const compiled = this.compile(teamId, rules);
    let actionFacts: Promise<Omit<ActionFacts, 'lastResponder'>> | undefined;
    const teamFacts = () =>
      (actionFacts ??= Promise.all([this.facts.members(teamId), this.facts.labels(teamId)]).then(
        ([members, labels]) => ({ members, labels }),
      ));
    const handled: { emailId: string; teamId: string; outcome: string; matched: number }[] = [];

    const work = received.map((event) => async () => {
      const email = event.data;
      if (email.firstSync && !onFirstSync) {
        handled.push({ emailId: email.emailId, teamId, outcome: RULE_ENGINE_SKIPPED_FIRST_SYNC, matched: 0 });
        return;
      }
      const matched = compiled.length === 0 ? [] : matchRules(compiled, emailFactsOf(email));
      if (matched.length > 0) await this.apply(event, matched, await teamFacts());
      handled.push({ emailId: email.emailId, teamId, outcome: RULE_ENGINE_EVALUATED, matched: matched.length });
    });
    for (let i = 0; i < work.length; i += CONCURRENCY) {
      await Promise.all(work.slice(i, i + CONCURRENCY).map((run) => run()));
    }
    await this.facts.recordHandled(handled);
  }

  /** A rule whose stored pattern no longer compiles is left out (logged), never the whole team's rules. */
  private compile(teamId: string, rules: Rule[]): CompiledRule<Rule>[] {
    return [...rules].sort(byPriority).flatMap((rule) => {
      try {
        return [compileRule(rule)];
      } catch (error) {
        this.logger.error(`Rule ${rule.id} of team ${teamId} cannot run: ${(error as Error).message}`);
        return [];
      }
    });
  }

  private async apply(
    event: StoredEvent<EmailReceived>,
    matched: MatchedRule[],
    teamFacts: Omit<ActionFacts, 'lastResponder'>,
  ): Promise<void> {
    const email = event.data;
    const facts: ActionFacts = { ...teamFacts };
    if (needsLastResponder(matched)) {
      const replies = await this.facts.sentReplies(email.teamId, email);
      facts.lastResponder = lastResponder(replies, (userId) => teamFacts.members.has(userId));
    }
    for (const { rule, conditions } of matched) {
      const command = new ApplyRuleCommand(email.teamId, email.emailId, {
        ruleId: rule.id,
        ruleName: rule.name,
        matchMode: rule.matchMode,
        conditions,
        suppressNotifications: rule.suppressNotifications,
        actions: resolveActions(rule.actions, facts).map(toApply),
      });
      try {
        await RequestContext.run(RequestContext.ofEvent(event), () => this.commands.execute(command));
      } catch (error) {
        // A refusal is about this email alone (e.g. it is not the team's): logged, the others go on. Anything else
        // (the database) fails the batch, which runs again; what was applied is not applied twice.
        if (!(error instanceof DomainError)) throw error;
        this.logger.error(`Rule ${rule.id} could not act on email ${email.emailId}: ${error.message}`);
      }
    }
  }
}
