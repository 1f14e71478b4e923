import { Inject, Injectable, Logger, type OnApplicationBootstrap, type OnModuleDestroy } from '@nestjs/common';
import {
  type CommentAdded,
  type EmailAssigned,
  type EmailReceived,
  type EmailWoken,
  type RuleEventMap,
  type RuleEventType,
  ZEmailRulesEvaluated,
} from '@teaminbox/contracts';
import { EventSourcedRepository, type StreamCommands } from '../../../platform/event-sourcing';
import {
  comparePositions,
  EVENT_STORE,
  type EventStore,
  type Position,
  type StoredEvent,
} from '../../../platform/event-store/event-store.port';
import type { Reaction } from '../../../platform/projections/projection';
import { ProjectionRunner } from '../../../platform/projections/projection-runner';
import { RequestContext } from '../../../platform/request-context/request-context';
import { EMAIL_THREAD_PROJECTION, INBOX_EMAIL_PROJECTION, emailStreamId } from '../../conversations';
import {
  decideNotifications,
  type NotificationCause,
  notificationsIdOf,
  type NotifiedEmail,
} from '../domain/notification-decision';
import {
  type CreateNotifications,
  notificationsCreatedDecider,
  notificationsStreamId,
} from '../domain/notifications-created.decider';
import { notificationsCreatedOf } from '../domain/notifications-created';
import { evolveRules, isRuleEvent, RULE_EVENT_TYPES, suppresses } from '../domain/suppressing-rules';
import { HeldNotifications } from './held-notifications';
import { type LiveEvent, LiveNotifications } from './live-notifications';
import { RecipientDirectory, withMutes } from './recipient-directory';

export const NOTIFY_RECIPIENTS_REACTION = 'notify-recipients';

/** The rules engine's word on an email of a team with a rule that suppresses notifications (docs/notifications.md). */
export const EMAIL_RULES_EVALUATED = 'EmailRulesEvaluated';

/**
 * The read models of the emails that the decision reads must have the batch: a new email its thread, when someone in
 * its team muted an email (muting a conversation mutes its new mail), an assignment or a comment the inbox (subject,
 * assignee, mutes). The people's side (membership, settings, preferences, snooze) is not waited for: each of those
 * commands answers only once its read model has it (read-your-writes), so what a user has been told is saved is what
 * the decision reads. During a burst the notification list itself is the busiest read model; waiting for it would
 * hold every notification back, as waiting for the thread of mail that nobody in its team can have muted would.
 */
function readModelsFor(events: StoredEvent[], muting: ReadonlySet<string>): string[] {
  const names: string[] = [];
  if (events.some((event) => isNewMail(event) && muting.has(teamIdOf(event)))) names.push(EMAIL_THREAD_PROJECTION);
  if (events.some((event) => event.type !== 'EmailReceived')) names.push(INBOX_EMAIL_PROJECTION);
  return names;
}

/** A new email (not old mail found by a mailbox's first synchronisation, which is history and notifies nobody). */
const isNewMail = (event: StoredEvent) => event.type === 'EmailReceived' && !(event.data as EmailReceived).firstSync;

/** A snoozed email woken at its time, or a reply's reminder that found no answer: its assignee is told. */
const isReturnedTask = (event: StoredEvent) =>
  event.type === 'EmailWoken' && ['time', 'reminder'].includes((event.data as EmailWoken).reason);

/** The team of a new email, an assignment or a comment, as its event records it. */
const teamIdOf = (event: StoredEvent) => (event.data as { teamId: string }).teamId;

const emailKey = (teamId: string, emailId: string) => `${teamId.toLowerCase()} ${emailId.toLowerCase()}`;

/**
 * Causes whose notifications go in one append (one transaction). A burst's first batch can hold hundreds of new
 * emails; appended in slices, the first slice's notifications are delivered while the next ones are written.
 */
const CAUSES_PER_APPEND = 50;
/** Slices of a team's causes under way at once (see notifyTeam). */
const PIPELINED_SLICES = 2;
/** Held notifications released per read of the hold (and of their emails' streams). */
const RELEASE_BATCH = 200;
/** How long a released hold is kept (so that a batch run again does not hold its email anew). */
const RELEASED_KEPT_MS = 24 * 60 * 60_000;

export interface NotifyRecipientsTuning {
  /** How long to wait for the read models before deciding with what is there. */
  waitMs: number;
  /**
   * How long a new email of a team with a rule that suppresses notifications is held at most for the rules engine's
   * EmailRulesEvaluated; past it, its notifications are decided as not suppressed (logged).
   */
  holdMs: number;
}

type RuleEvent = { [K in RuleEventType]: { type: K; data: RuleEventMap[K] } }[RuleEventType];

/**
 * The process manager of notifications: each new email, assignment, comment and returned task (a snooze woken at its
 * time, a reminder without an answer), as the durable subscription delivers it, becomes the notifications of the
 * people it concerns (decideNotifications), recorded once per cause on `notifications-<causeEventId>` with an id
 * derived from the cause, so a crash, a restart or a second process never notifies anyone twice. It runs after its
 * checkpoint commits (at least once, repeated after a crash), and starts at the head of the log: history is never
 * notified. A projection rebuild does not run it. Each slice's notifications
 * are pushed live once its append has committed (LiveNotifications); the delivery reaction repeats only what was not.
 */
@Injectable()
export class NotifyRecipientsProcessManager implements Reaction, OnApplicationBootstrap, OnModuleDestroy {
  private readonly logger = new Logger(NotifyRecipientsProcessManager.name);
  readonly name = NOTIFY_RECIPIENTS_REACTION;
  readonly eventTypes = [
    'EmailReceived',
    'EmailAssigned',
    'CommentAdded',
    'EmailWoken',
    EMAIL_RULES_EVALUATED,
    ...RULE_EVENT_TYPES,
  ] as const;
  readonly startAt = 'head' as const;
  tuning: NotifyRecipientsTuning = { waitMs: 10_000, holdMs: 60_000 };
  /** The next look at the held notifications whose hold ends (see releaseHeld). */
  private expiryTimer: NodeJS.Timeout | undefined;
  private expiryAt = Infinity;
  /** The release under way: releases run one after the other. */
  private releasing: Promise<void> = Promise.resolve();
  private stopped = false;

  constructor(
    private readonly runner: ProjectionRunner,
    private readonly repository: EventSourcedRepository,
    private readonly directory: RecipientDirectory,
    private readonly live: LiveNotifications,
    private readonly held: HeldNotifications,
    @Inject(EVENT_STORE) private readonly store: EventStore,
  ) {}

  /** Holds left from before a restart end when they would have: the next look is planned from the oldest one. */
  onApplicationBootstrap(): void {
    this.planExpiry().catch((error: unknown) =>
      this.logger.error(`Could not plan the held notifications' release: ${String(error)}`),
    );
  }

  async onModuleDestroy(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.expiryTimer);
    await this.releasing.catch(() => undefined);
  }

  async afterCommit(events: StoredEvent[]): Promise<void> {
    if (events.length === 0) return;
    // What can notify: new mail, an assignment of mail that is not old, a comment, a returned task. A batch of a
    // first synchronisation's old mail reads and waits for nothing.
    const candidates = events.filter(
      (event) =>
        isNewMail(event) ||
        event.type === 'CommentAdded' ||
        (event.type === 'EmailAssigned' && !(event.data as EmailAssigned).firstSync) ||
        isReturnedTask(event),
    );
    const evaluations = events.filter((event) => event.type === EMAIL_RULES_EVALUATED);
    // The new mail of a team with a rule that suppresses notifications is held for the rules engine's evaluation.
    const held = await this.holdForRules(events);
    await this.notify(candidates.filter((event) => !held.has(event.eventId)));
    if (evaluations.length > 0) {
      await this.held.evaluated(evaluations.flatMap((event) => this.evaluationOf(event)));
      await this.release();
    } else if (held.size > 0) this.expireAt(Date.now() + this.tuning.holdMs);
  }

  /**
   * Keeps notifications' view of the rules from the batch's rule events and holds the new mail of a team with an
   * enabled rule that suppresses notifications (as the rules stood at that point of the log). Answers the held new
   * mail's event ids. Run again on the same batch, it ends in the same state and holds the same mail once.
   */
  private async holdForRules(events: StoredEvent[]): Promise<Set<string>> {
    const held = new Set<string>();
    const ruleEvents = events.filter((event) => isRuleEvent(event.type));
    const newMail = events.filter(isNewMail);
    if (ruleEvents.length === 0 && newMail.length === 0) return held;
    const teamIds = [...new Set([...ruleEvents, ...newMail].map(teamIdOf))];
    const rules = await this.held.rulesOf(teamIds);
    const changed = new Map<string, ReturnType<typeof rules.get>>();
    const toHold: { causeEventId: string; teamId: string; emailId: string }[] = [];
    for (const event of events) {
      if (isRuleEvent(event.type)) {
        const ruleEvent = { type: event.type, data: event.data } as RuleEvent;
        evolveRules(rules, ruleEvent);
        changed.set(ruleEvent.data.ruleId, rules.get(ruleEvent.data.ruleId));
      } else if (isNewMail(event) && suppresses(rules, teamIdOf(event))) {
        const { teamId, emailId } = event.data as EmailReceived;
        toHold.push({ causeEventId: event.eventId, teamId, emailId });
        held.add(event.eventId);
      }
    }
    await this.held.saveRules(changed as Map<string, NonNullable<ReturnType<typeof rules.get>> | null>);
    await this.held.hold(toHold);
    return held;
  }

  /** Decides and appends the notifications of these causes (new mail, assignments, comments). */
  private async notify(candidates: StoredEvent[]): Promise<void> {
    if (candidates.length === 0) return;
    const last = candidates.reduce<Position>(
      (max, event) => (comparePositions(event.position, max) > 0 ? event.position : max),
      candidates[0].position,
    );
    const teamIds = [...new Set(candidates.map(teamIdOf))];
    // The people's side and what can hold mail back are read at once, before any wait.
    const [teams, holdBack] = await Promise.all([
      this.directory.membersOf(teamIds),
      this.directory.holdingBack(teamIds),
    ]);
    const ready = await this.runner.waitFor(last, readModelsFor(candidates, holdBack.muting), this.tuning.waitMs);
    if (!ready) this.logger.warn('Deciding notifications before every read model caught up');
    // The emails that assignments and comments name, read once for the batch.
    const emails = await this.directory.emailsOf(
      candidates
        .filter((event) => event.type !== 'EmailReceived')
        .map((event) => event.data as { teamId: string; emailId: string }),
    );
    const causes: { event: StoredEvent; teamId: string; cause: NotificationCause }[] = [];
    for (const event of candidates) {
      const found = this.causeOf(event, emails);
      if (found) causes.push({ event, ...found });
    }
    // Mutes are read only for the causes of teams in which someone muted an email.
    const muted = await this.directory.mutedOf(
      causes
        .filter((c) => holdBack.muting.has(c.teamId))
        .map((c) => ({ teamId: c.teamId, emailId: c.cause.email.emailId })),
    );
    // The causes' notifications are decided and appended a slice at a time, each team's in the log's order: one read
    // of the (new) streams and one transaction per slice, each slice's recipients told as soon as it is appended.
    const byTeam = new Map<string, typeof causes>();
    for (const found of causes) {
      const ofTeam = byTeam.get(found.teamId);
      if (ofTeam) ofTeam.push(found);
      else byTeam.set(found.teamId, [found]);
    }
    for (const [teamId, ofTeam] of byTeam) {
      const members = teams.get(teamId) ?? new Map();
      await this.notifyTeam(teamId, ofTeam, (emailId) => withMutes(members, muted, emailId));
    }
  }

  /**
   * Notifies a team's causes a slice at a time, PIPELINED_SLICES slices under way at once: while one slice's append
   * waits for the database, the next one is decided and sealed. Each slice is pushed once appended, in the causes'
   * order. A failed slice fails the batch (which runs again: what was appended is not appended twice) once the
   * slices under way have ended; the slices after it are not pushed here (the delivery reaction pushes what is
   * appended).
   */
  private async notifyTeam(
    teamId: string,
    causes: { event: StoredEvent; cause: NotificationCause }[],
    membersFor: (emailId: string) => ReturnType<typeof withMutes>,
  ): Promise<void> {
    const underWay: Promise<void>[] = [];
    let pushedBefore: Promise<void> = Promise.resolve();
    let failure: { error: unknown } | undefined;
    for (let i = 0; i < causes.length && !failure; i += CAUSES_PER_APPEND) {
      const appended = this.appendSlice(teamId, causes.slice(i, i + CAUSES_PER_APPEND), membersFor);
      appended.catch(() => undefined); // awaited below, through the push that follows the previous slice's
      const pushed = pushedBefore.then(async () => {
        this.live.push(await appended);
      });
      pushedBefore = pushed;
      underWay.push(pushed);
      if (underWay.length >= PIPELINED_SLICES) await underWay.shift()!.catch((error: unknown) => (failure = { error }));
    }
    for (const outcome of await Promise.allSettled(underWay)) {
      if (outcome.status === 'rejected') failure ??= { error: outcome.reason };
    }
    if (failure) throw failure.error;
  }

  /** Decides and appends the notifications of one slice of a team's causes; answers what to push live. */
  private async appendSlice(
    teamId: string,
    causes: { event: StoredEvent; cause: NotificationCause }[],
    membersFor: (emailId: string) => ReturnType<typeof withMutes>,
  ): Promise<LiveEvent[]> {
    const now = new Date();
    const created = new Map<string, CreateNotifications>();
    const streams: StreamCommands<CreateNotifications>[] = [];
    for (const { event, cause } of causes) {
      const { notifications } = decideNotifications(cause, membersFor(cause.email.emailId), now);
      if (notifications.length === 0) continue;
      const command: CreateNotifications = {
        type: 'CreateNotifications',
        teamId,
        causeEventId: event.eventId,
        causeType: event.type,
        notifications,
        correspondent: cause.email.fromEmail,
      };
      created.set(notificationsStreamId(event.eventId), command);
      streams.push({
        streamId: notificationsStreamId(event.eventId),
        commands: [
          {
            command,
            scope: RequestContext.ofEvent(event),
            eventIds: () => notificationsIdOf(event.eventId),
          },
        ],
      });
    }
    if (streams.length === 0) return [];
    // A stream written meanwhile (the same cause handled by another process) is read again and decides nothing.
    const outcomes = await this.repository.decideEach(notificationsCreatedDecider, streams, { teamId, retries: 1 });
    for (const outcome of outcomes) {
      if ('error' in outcome) throw outcome.error;
    }
    // Committed: the recipients are told now (by notifyTeam), not once the delivery reaction reads the log (which
    // waits behind every older open transaction, such as the list projection's insert of the previous slice).
    const createdAt = new Date();
    const live: LiveEvent[] = [];
    for (const outcome of outcomes) {
      const command = 'appended' in outcome && outcome.appended ? created.get(outcome.streamId) : undefined;
      if (command) {
        const { notifications, type: _type, ...cause } = command;
        live.push({
          eventId: notificationsIdOf(command.causeEventId),
          data: notificationsCreatedOf(cause, notifications),
          createdAt,
        });
      }
    }
    return live;
  }

  private causeOf(
    event: StoredEvent,
    emails: Map<string, NotifiedEmail & { assignedTo: string | null }>,
  ): { teamId: string; cause: NotificationCause } | null {
    switch (event.type) {
      case 'EmailReceived': {
        const data = event.data as EmailReceived;
        // Old mail found by a mailbox's first synchronisation is history, not news.
        if (data.firstSync) return null;
        const email = {
          emailId: data.emailId,
          subject: data.subject,
          fromName: data.fromName,
          fromEmail: data.fromEmail,
        };
        return {
          teamId: data.teamId,
          cause: {
            type: 'EMAIL_RECEIVED',
            eventId: event.eventId,
            email,
            // A rule's suppression holds the email back (holdForRules) and is decided on release.
            suppressedByRule: false,
          },
        };
      }
      case 'EmailAssigned': {
        const data = event.data as EmailAssigned;
        // A rule's assignment of old mail found by the first synchronisation is history too.
        if (data.firstSync) return null;
        const found = emails.get(emailKey(data.teamId, data.emailId));
        if (!found) return null;
        const email = { ...found, emailId: data.emailId };
        const actor =
          event.metadata.actorKind === 'user' || !event.metadata.actorKind ? event.metadata.actorUserId : null;
        return {
          teamId: data.teamId,
          cause: {
            type: 'TASK_ASSIGNED',
            eventId: event.eventId,
            email,
            assigneeId: data.assignedTo,
            actorUserId: actor,
          },
        };
      }
      case 'EmailWoken': {
        const data = event.data as EmailWoken;
        if (data.reason !== 'time' && data.reason !== 'reminder') return null;
        const found = emails.get(emailKey(data.teamId, data.emailId));
        // Told to its assignee; nobody's task: to whoever snoozed it or set the reminder (when the event says who).
        const recipient = found?.assignedTo ?? data.askedBy;
        if (!found || !recipient) return null;
        const email = { ...found, emailId: data.emailId };
        return {
          teamId: data.teamId,
          cause: {
            type: 'TASK_RETURNED',
            eventId: event.eventId,
            email,
            assigneeId: recipient,
            reason: data.reason,
          },
        };
      }
      case 'CommentAdded': {
        const data = event.data as CommentAdded;
        const found = emails.get(emailKey(data.teamId, data.emailId));
        if (!found) return null;
        const email = { ...found, emailId: data.emailId };
        return {
          teamId: data.teamId,
          cause: {
            type: 'COMMENT_ADDED',
            eventId: event.eventId,
            email,
            authorId: data.userId,
            mentions: data.mentions ?? [],
            assigneeId: email.assignedTo,
          },
        };
      }
      default:
        return null;
    }
  }

  /**
   * The email and verdict of an EmailRulesEvaluated. A malformed one is logged and skipped (retrying cannot mend
   * it): its email, if held, is notified when its hold ends.
   */
  private evaluationOf(event: StoredEvent): { emailId: string; suppressed: boolean }[] {
    const parsed = ZEmailRulesEvaluated.safeParse(event.data);
    if (parsed.success) return [{ emailId: parsed.data.emailId, suppressed: parsed.data.suppressNotifications }];
    this.logger.error(`Skipping the malformed EmailRulesEvaluated ${event.eventId}: ${parsed.error.message}`);
    return [];
  }

  /** Releases the held notifications that can go now, one release at a time; then plans the next look. */
  private release(): Promise<void> {
    const run = this.releasing.catch(() => undefined).then(() => this.releaseHeld());
    this.releasing = run;
    return run;
  }

  /**
   * The held notifications whose email the rules engine has evaluated, or held for longer than `holdMs`: a suppressed
   * one notifies nobody, the others are decided as any new mail, from the email's EmailReceived (read from its
   * stream). Marked released once appended: a crash before that releases them again, and their notifications, whose
   * ids derive from the cause, are not appended twice.
   */
  private async releaseHeld(): Promise<void> {
    for (;;) {
      const due = await this.held.releasable(new Date(Date.now() - this.tuning.holdMs), RELEASE_BATCH);
      if (due.length === 0) break;
      const toNotify = due.filter((hold) => !(hold.evaluated && hold.suppressed));
      const unevaluated = toNotify.filter((hold) => !hold.evaluated);
      if (unevaluated.length > 0)
        this.logger.warn(
          `Notifying ${unevaluated.length} new email(s) without the rules engine's evaluation after holding them ${this.tuning.holdMs} ms (emails ${unevaluated
            .map((hold) => hold.emailId)
            .join(', ')})`,
        );
      if (toNotify.length > 0) {
        const streams = await this.store.readStreams([...new Set(toNotify.map((hold) => emailStreamId(hold.emailId)))]);
        const causes: StoredEvent[] = [];
        for (const hold of toNotify) {
          const received = (streams.get(emailStreamId(hold.emailId)) ?? []).find(
            (event) => event.eventId === hold.causeEventId,
          );
          if (received) causes.push(received);
          else
            this.logger.error(
              `The held email ${hold.emailId} has no EmailReceived ${hold.causeEventId}: nobody is notified`,
            );
        }
        await this.notify(causes);
      }
      await this.held.released(due.map((hold) => hold.causeEventId));
      if (due.length < RELEASE_BATCH) break;
    }
    await this.held.forgetReleased(new Date(Date.now() - RELEASED_KEPT_MS));
    await this.planExpiry();
  }

  /** Plans the next look at the holds from the oldest one still held. */
  private async planExpiry(): Promise<void> {
    const oldest = await this.held.oldestPending();
    if (oldest) this.expireAt(oldest.getTime() + this.tuning.holdMs);
  }

  /** Looks at the holds at `at` (or earlier, when a look is planned before). */
  private expireAt(at: number): void {
    if (this.stopped || at >= this.expiryAt) return;
    clearTimeout(this.expiryTimer);
    this.expiryAt = at;
    this.expiryTimer = setTimeout(
      () => {
        this.expiryAt = Infinity;
        this.expiryTimer = undefined;
        this.release().catch((error: unknown) => {
          this.logger.error(`Could not release the held notifications: ${String(error)}`);
          this.expireAt(Date.now() + Math.min(this.tuning.holdMs, 10_000));
        });
      },
      Math.max(0, at - Date.now()),
    );
    this.expiryTimer.unref();
  }
}
