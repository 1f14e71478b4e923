import { Logger } from '@nestjs/common';
import { EventsHandler, type IEventHandler } from '@nestjs/cqrs';
import { busEvent, type DomainEventEnvelope } from '../../../platform/projections/domain-events';
import { ProjectionRunner } from '../../../platform/projections/projection-runner';
import { comparePositions, type Position } from '../../../platform/event-store/event-store.port';
import { InjectPusher, type ModulePusher } from '../../../platform/realtime/module-pusher';
import type { CONVERSATIONS_PUSHES } from '../conversations.manifest';
import { EMAIL_COUNTED_EVENT_TYPES } from '../domain/email.decider';
import { INBOX_EMAIL_PROJECTION } from '../projections/inbox-email/inbox-email.projection';
import { InboxEmailQueries } from '../queries/inbox-email.queries';

const WAIT_MS = 2000;
const COUNT_CHANGING: ReadonlySet<string> = new Set(EMAIL_COUNTED_EVENT_TYPES);

/** The changes of one team waiting for a push: per email, the newest position, actor and whether a count moved. */
interface Round {
  emails: Map<string, { position: Position; actorUserId: string | null }>;
  countChanged: boolean;
  /** The emails that woke in this round (pushed with `woken`: lists show them on top). */
  woken: Set<string>;
  done: Promise<void>;
  finish: () => void;
}

function newRound(): Round {
  let finish!: () => void;
  const done = new Promise<void>((resolve) => (finish = resolve));
  return { emails: new Map(), countChanged: false, woken: new Set(), done, finish };
}

/**
 * After a change of an email (read state, archive, spam, assignment, labels, status, priority, a member's mute, a
 * snooze or a wake-up) its team's sockets get 'team.email.updated' with the email's current state and who did it, and
 * the unread count when it may have changed. Pushes are coalesced per team: while one round is being pushed, further changes gather in
 * the next one, which waits once for the inbox projection and reads its emails in one query; an email changed
 * several times meanwhile (a rule that assigns, labels and prioritises) is pushed once, in its latest state, with
 * the latest change's actor. Each handle() settles once its change was pushed.
 */
@EventsHandler(
  busEvent('EmailMarkedRead'),
  busEvent('EmailMarkedUnread'),
  busEvent('EmailArchived'),
  busEvent('EmailUnarchived'),
  busEvent('EmailMarkedSpam'),
  busEvent('EmailMarkedNotSpam'),
  busEvent('EmailAssigned'),
  busEvent('EmailUnassigned'),
  busEvent('EmailLabelAdded'),
  busEvent('EmailLabelRemoved'),
  busEvent('EmailNotificationsMuted'),
  busEvent('EmailNotificationsUnmuted'),
  busEvent('EmailStatusChanged'),
  busEvent('EmailPriorityChanged'),
  busEvent('EmailSnoozed'),
  busEvent('EmailWoken'),
)
export class PushEmailChangeHandler implements IEventHandler<DomainEventEnvelope> {
  private readonly logger = new Logger(PushEmailChangeHandler.name);
  /** Per team: the round gathering changes, and whether a round is being pushed. */
  private readonly teams = new Map<string, { next: Round | null; running: boolean }>();

  constructor(
    @InjectPusher() private readonly pushes: ModulePusher<typeof CONVERSATIONS_PUSHES>,
    private readonly runner: ProjectionRunner,
    private readonly inbox: InboxEmailQueries,
  ) {}

  handle({ event }: DomainEventEnvelope): Promise<void> {
    const { emailId, teamId } = event.data as { emailId: string; teamId: string };
    let team = this.teams.get(teamId);
    if (!team) {
      team = { next: null, running: false };
      this.teams.set(teamId, team);
    }
    const round = (team.next ??= newRound());
    const before = round.emails.get(emailId);
    if (!before || comparePositions(event.position, before.position) >= 0) {
      round.emails.set(emailId, { position: event.position, actorUserId: event.metadata.actorUserId });
    }
    if (COUNT_CHANGING.has(event.type)) round.countChanged = true;
    if (event.type === 'EmailWoken') round.woken.add(emailId.toLowerCase());
    if (!team.running) void this.run(teamId, team);
    return round.done;
  }

  private async run(teamId: string, team: { next: Round | null; running: boolean }): Promise<void> {
    team.running = true;
    try {
      // The events of a stored batch are published one after the other: let them all join the first round.
      await new Promise<void>((resolve) => setImmediate(resolve));
      while (team.next) {
        const round = team.next;
        team.next = null;
        try {
          await this.push(teamId, round);
        } catch (error) {
          this.logger.warn(`Email change push failed: ${(error as Error).message}`);
        } finally {
          round.finish();
        }
      }
    } finally {
      team.running = false;
      this.teams.delete(teamId);
    }
  }

  private async push(teamId: string, round: Round): Promise<void> {
    const changes = [...round.emails.values()];
    const last = changes.reduce((a, b) => (comparePositions(a.position, b.position) >= 0 ? a : b)).position;
    await this.runner.waitFor(last, [INBOX_EMAIL_PROJECTION], WAIT_MS);
    const room = this.pushes.toTeam(teamId);
    for (const email of await this.inbox.emailChanges(teamId, [...round.emails.keys()])) {
      const woken = round.woken.has(email.id.toLowerCase()) ? { woken: true } : {};
      room.emit('team.email.updated', { ...email, actorUserId: round.emails.get(email.id)!.actorUserId, ...woken });
    }
    if (round.countChanged) room.emit('team.unread-count', await this.inbox.countUnread(teamId));
  }
}
