import { Inject, Injectable, Logger } from '@nestjs/common';
import type { CommentAdded, EmailAssigned, EmailReceived } from '@teaminbox/contracts';
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
import { type LiveEvent, LiveNotifications } from './live-notifications';
import { RecipientDirectory, withMutes } from './recipient-directory';

export const NOTIFY_RECIPIENTS_REACTION = 'notify-recipients';

/**
 * The rules engine's reaction (see docs/notifications.md): when it runs, a new email's notifications are decided only
 * once its after-commit position has passed the email's EmailReceived, and an `EmailNotificationsSuppressed` on the
 * email's stream means nobody is told about the new email.
 */
export const RULES_ENGINE_REACTION = 'rules-engine';
export const EMAIL_NOTIFICATIONS_SUPPRESSED = 'EmailNotificationsSuppressed';

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

export interface NotifyRecipientsTuning {
  /** How long to wait for the read models and the rules engine before deciding with what is there. */
  waitMs: number;
}

/**
 * The process manager of notifications: each new email, assignment and comment, as the durable subscription
 * delivers it, becomes the notifications of the people it concerns (decideNotifications), recorded once per cause on
 * `notifications-<causeEventId>` with an id derived from the cause, so a crash, a restart or a second process never
 * notifies anyone twice. It runs after its checkpoint commits (at least once, repeated after a crash), and starts at
 * the head of the log: history is never notified. A projection rebuild does not run it. Each slice's notifications
 * are pushed live once its append has committed (LiveNotifications); the delivery reaction repeats only what was not.
 */
@Injectable()
export class NotifyRecipientsProcessManager implements Reaction {
  private readonly logger = new Logger(NotifyRecipientsProcessManager.name);
  readonly name = NOTIFY_RECIPIENTS_REACTION;
  readonly eventTypes = ['EmailReceived', 'EmailAssigned', 'CommentAdded'] as const;
  readonly startAt = 'head' as const;
  tuning: NotifyRecipientsTuning = { waitMs: 10_000 };

  constructor(
    private readonly runner: ProjectionRunner,
    private readonly repository: EventSourcedRepository,
    private readonly directory: RecipientDirectory,
    private readonly live: LiveNotifications,
    @Inject(EVENT_STORE) private readonly store: EventStore,
  ) {}

  async afterCommit(events: StoredEvent[]): Promise<void> {
    if (events.length === 0) return;
    const last = events.reduce<Position>(
      (max, event) => (comparePositions(event.position, max) > 0 ? event.position : max),
      events[0].position,
    );
    // What can notify: new mail, an assignment of mail that is not old, a comment. A batch of a first
    // synchronisation's old mail reads and waits for nothing.
    const candidates = events.filter(
      (event) =>
        isNewMail(event) ||
        event.type === 'CommentAdded' ||
        (event.type === 'EmailAssigned' && !(event.data as EmailAssigned).firstSync),
    );
    if (candidates.length === 0) return;
    const teamIds = [...new Set(candidates.map(teamIdOf))];
    // The people's side and what can hold mail back are read at once, before any wait.
    const [teams, holdBack] = await Promise.all([
      this.directory.membersOf(teamIds),
      this.directory.holdingBack(teamIds),
    ]);
    const ready = await this.runner.waitFor(last, readModelsFor(candidates, holdBack.muting), this.tuning.waitMs);
    if (!ready) this.logger.warn('Deciding notifications before every read model caught up');
    const [suppressed, emails] = await Promise.all([
      this.suppressedEmails(candidates.filter(isNewMail), last, holdBack.suppressing),
      // The emails that assignments and comments name, read once for the batch.
      this.directory.emailsOf(
        candidates
          .filter((event) => event.type !== 'EmailReceived')
          .map((event) => event.data as { teamId: string; emailId: string }),
      ),
    ]);
    const causes: { event: StoredEvent; teamId: string; cause: NotificationCause }[] = [];
    for (const event of candidates) {
      const found = this.causeOf(event, suppressed, emails);
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
    suppressed: Set<string>,
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
            suppressedByRule: suppressed.has(data.emailId),
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
   * The new emails of the batch that a rule told not to announce. Only the mail of a team with an enabled rule that
   * suppresses notifications can be; for it, read from each email's stream once the rules engine (when it runs
   * anywhere) has finished with the batch. Without such a rule or a rules engine nothing is suppressed, and nothing
   * is waited for.
   */
  private async suppressedEmails(
    newMail: StoredEvent[],
    last: Position,
    suppressing: ReadonlySet<string>,
  ): Promise<Set<string>> {
    const received = newMail.filter((event) => suppressing.has(teamIdOf(event)));
    const suppressed = new Set<string>();
    if (received.length === 0 || !(await this.directory.subscriberExists(RULES_ENGINE_REACTION))) return suppressed;
    const evaluated = await this.runner.waitFor(last, [RULES_ENGINE_REACTION], this.tuning.waitMs, {
      afterCommit: true,
    });
    if (!evaluated) this.logger.warn('The rules engine had not evaluated the new emails in time');
    // Only an email some rule matched can be suppressed: the others' streams (each with the email's whole payload)
    // are not read. An email the engine has no record of (it did not finish in time) is read to be sure.
    const emailIds = received.map((event) => (event.data as EmailReceived).emailId);
    const unmatched = await this.directory.matchedByNoRule(emailIds);
    const candidates = emailIds.filter((emailId) => !unmatched.has(emailId));
    if (candidates.length === 0) return suppressed;
    const streams = await this.store.readStreams(candidates.map(emailStreamId));
    for (const emailId of candidates) {
      const stream = streams.get(emailStreamId(emailId)) ?? [];
      if (stream.some((stored) => stored.type === EMAIL_NOTIFICATIONS_SUPPRESSED)) suppressed.add(emailId);
    }
    return suppressed;
  }
}
