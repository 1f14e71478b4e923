import { Inject, Injectable, Logger } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import type { EmailReceived, EmailStatus, Priority } from '@teaminbox/contracts';
import {
  EVENT_STORE,
  type EventStore,
  NO_STREAM,
  type StoredEvent,
} from '../../../platform/event-store/event-store.port';
import type { Reaction } from '../../../platform/projections/projection';
import { ApplyRulesCommand, type RuleActionToApply, type RulesForEmail, type RulesRefused } from '../../conversations';
import type { EmailFacts } from '../domain/rule-matcher';
import {
  type ActionFacts,
  byPriority,
  lastResponder,
  type MatchedRule,
  needsLastResponder,
  type ResolvedAction,
  resolveActions,
} from '../domain/rules-engine';
import { announcesEvaluation, rulesEvaluated, rulesEvaluationStreamId } from '../domain/rules-evaluated';
import { RuleMatchingPool } from '../infrastructure/rule-matching.pool';
import { type HandledEmail, RulesEngineFacts } from './rules-engine.facts';

export const RULES_ENGINE_REACTION = 'rules-engine';
export const RULE_ENGINE_EVALUATED = 'EVALUATED';
export const RULE_ENGINE_SKIPPED_FIRST_SYNC = 'SKIPPED_FIRST_SYNC';

/**
 * Emails of a batch per ApplyRulesCommand: their streams are read and their rules' events appended together (the
 * event store writes up to 2,000 events per transaction); bounds what one command holds in memory.
 */
const EMAILS_PER_COMMAND = 500;

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
 * (live or first sync alike) it runs the team's enabled rules in priority order and, for the emails some rules
 * match, sends ApplyRulesCommand with each matched rule's actions resolved (members on vacation, the last
 * responder). The rules are read once per batch and team and matched in worker processes on a budget
 * (RuleMatchingPool): a rule stopped on an email as too slow is recorded with the email and flagged on the rule, and
 * the teams of a batch are handled side by side. The matched emails of a batch go in one
 * command, which reads their streams and appends their events together, each email's rules in order. The events'
 * ids derive from (email, rule, action index), so a batch run again after a crash appends nothing twice.
 * Being a reaction, it is never fed by a projection rebuild, and it starts at the head of the log: switching the
 * engine on does not run rules over mail received before.
 *
 * For the new mail (not a first synchronisation's) of a team with an enabled rule that suppresses notifications, it
 * appends EmailRulesEvaluated once the matched rules' events are appended: notifications holds such a team's new-mail
 * notifications until then (docs/notifications.md). The other teams' mail costs no event.
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
    private readonly matching: RuleMatchingPool,
    @Inject(EVENT_STORE) private readonly store: EventStore,
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
    // Each team's matching runs on a worker of its own beside the others': no team waits behind another's rules.
    await Promise.all([...byTeam].map(([teamId, received]) => this.handleTeam(teamId, received)));
  }

  private async handleTeam(teamId: string, received: StoredEvent<EmailReceived>[]): Promise<void> {
    const [rules, onFirstSync] = await Promise.all([
      this.facts.enabledRules(teamId),
      this.facts.rulesOnFirstSync(teamId),
    ]);
    const handled: HandledEmail[] = [];
    const toMatch: StoredEvent<EmailReceived>[] = [];
    for (const event of received) {
      const email = event.data;
      if (email.firstSync && !onFirstSync)
        handled.push({
          emailId: email.emailId,
          teamId,
          outcome: RULE_ENGINE_SKIPPED_FIRST_SYNC,
          matched: 0,
          tooSlow: [],
        });
      else toMatch.push(event);
    }
    const outcomes = await this.matching.match(
      teamId,
      [...rules].sort(byPriority),
      toMatch.map((event) => emailFactsOf(event.data)),
    );
    const matches: { event: StoredEvent<EmailReceived>; matched: MatchedRule[] }[] = [];
    toMatch.forEach((event, index) => {
      const { matched, tooSlow } = outcomes[index];
      if (matched.length > 0) matches.push({ event, matched });
      handled.push({
        emailId: event.data.emailId,
        teamId,
        outcome: RULE_ENGINE_EVALUATED,
        matched: matched.length,
        tooSlow: tooSlow.map((rule) => ({ ruleId: rule.id, ruleName: rule.name })),
      });
    });
    const refusedIds = new Set<string>();
    if (matches.length > 0) {
      const [members, labels] = await Promise.all([this.facts.members(teamId), this.facts.labels(teamId)]);
      const toApply = await Promise.all(
        matches.map(({ event, matched }) => this.resolve(event, matched, { members, labels })),
      );
      for (let i = 0; i < toApply.length; i += EMAILS_PER_COMMAND) {
        const refused: RulesRefused[] = await this.commands.execute(
          new ApplyRulesCommand(teamId, toApply.slice(i, i + EMAILS_PER_COMMAND)),
        );
        // A refusal is about one email alone (e.g. it is not the team's): logged, the others are applied. Anything
        // else (the database) fails the batch, which runs again; what was applied is not applied twice.
        for (const { emailId, message } of refused) {
          refusedIds.add(emailId);
          this.logger.error(`Rules could not act on email ${emailId}: ${message}`);
        }
      }
    }
    if (announcesEvaluation(rules)) {
      await this.announceEvaluated(
        teamId,
        toMatch
          .map((event, index) => ({ event, matched: outcomes[index].matched }))
          .filter(({ event }) => !event.data.firstSync),
        refusedIds,
      );
    }
    await this.facts.recordHandled(handled);
    await this.facts.recordTooSlow(
      teamId,
      toMatch.flatMap((event, index) => outcomes[index].tooSlow.map((rule) => ({ rule, emailId: event.data.emailId }))),
    );
  }

  /**
   * EmailRulesEvaluated of each evaluated email, each on its stream, appended together (the event store writes
   * concurrent appends in one transaction). An event already stored (a batch run again) is not stored twice.
   */
  private async announceEvaluated(
    teamId: string,
    evaluated: { event: StoredEvent<EmailReceived>; matched: MatchedRule[] }[],
    refused: ReadonlySet<string>,
  ): Promise<void> {
    const occurredAt = new Date().toISOString();
    await Promise.all(
      evaluated.map(({ event, matched }) =>
        this.store.appendToStream(
          rulesEvaluationStreamId(event.data.emailId),
          [
            rulesEvaluated(teamId, event.data.emailId, matched, refused.has(event.data.emailId), {
              actorUserId: null,
              actorKind: 'system',
              teamId,
              correlationId: event.metadata?.correlationId ?? event.eventId,
              causationId: event.eventId,
              occurredAt,
            }),
          ],
          NO_STREAM,
        ),
      ),
    );
  }

  /** The matched rules of one email with their actions resolved (the last responder only when a rule asks). */
  private async resolve(
    event: StoredEvent<EmailReceived>,
    matched: MatchedRule[],
    teamFacts: Omit<ActionFacts, 'lastResponder'>,
  ): Promise<RulesForEmail> {
    const email = event.data;
    const facts: ActionFacts = { ...teamFacts };
    if (needsLastResponder(matched)) {
      const replies = await this.facts.sentReplies(email.teamId, email);
      const assignable = (userId: string) => teamFacts.members.has(userId) && !teamFacts.members.get(userId)?.auditor;
      facts.lastResponder = lastResponder(replies, assignable);
    }
    return {
      emailId: email.emailId,
      cause: event,
      rules: matched.map(({ rule, conditions }) => ({
        ruleId: rule.id,
        ruleName: rule.name,
        matchMode: rule.matchMode,
        conditions,
        suppressNotifications: rule.suppressNotifications,
        actions: resolveActions(rule.actions, facts).map(toApply),
      })),
    };
  }
}
