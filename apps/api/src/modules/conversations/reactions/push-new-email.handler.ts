import { Logger } from '@nestjs/common';
import type { Email, EmailComposed, EmailReceived } from '@teaminbox/contracts';
import { EventsHandler, type IEventHandler } from '@nestjs/cqrs';
import type { StoredEvent } from '../../../platform/event-store/event-store.port';
import { busEvent, type BusEvent } from '../../../platform/projections/domain-events';
import { ProjectionRunner } from '../../../platform/projections/projection-runner';
import { InjectPusher, type ModulePusher } from '../../../platform/realtime/module-pusher';
import type { CONVERSATIONS_PUSHES } from '../conversations.manifest';
import { emailDtoFromComposed, emailDtoFromEvent } from '../projections/inbox-email/email.mapper';
import { INBOX_EMAIL_PROJECTION } from '../projections/inbox-email/inbox-email.projection';
import { InboxEmailQueries } from '../queries/inbox-email.queries';

const COUNT_WAIT_MS = 2000;
/** New emails of a team in one `team.emails.created` message at most. */
export const EMAILS_PER_MESSAGE = 100;

/**
 * Pushes received emails, and the conversations a member started (EmailComposed), to their team's sockets
 * ('team.emails.created', built from the events so it does not depend on the projection), then the team's unread count once the inbox projection has it. The emails handed over in one
 * turn (a batch of new mail: the bus publishes a batch's events together) go in one message per team, in the log's
 * order (at most EMAILS_PER_MESSAGE each): a burst of 400 new emails to a team of 50 members is 4 messages to each
 * socket, not 400 (each message costs a write to every socket of the team). Counts are coalesced per team: while one
 * is being computed, further emails only ask for one more count afterwards, so a first sync of thousands of messages
 * runs a handful of counts, not one per message.
 */
@EventsHandler(busEvent('EmailReceived'), busEvent('EmailComposed'))
export class PushNewEmailHandler implements IEventHandler<BusEvent<'EmailReceived' | 'EmailComposed'>> {
  private readonly logger = new Logger(PushNewEmailHandler.name);

  constructor(
    @InjectPusher() private readonly pushes: ModulePusher<typeof CONVERSATIONS_PUSHES>,
    private readonly runner: ProjectionRunner,
    private readonly emails: InboxEmailQueries,
  ) {}

  /** Per team: the newest position whose count is still to be pushed, and whether a count is running. */
  private readonly counts = new Map<string, { wanted: StoredEvent['position'] | null; running: boolean }>();
  /** The emails gathered in this turn, by team, and the push that sends them once the turn is over. */
  private gathered: { byTeam: Map<string, Email[]>; pushed: Promise<void> } | undefined;

  async handle({ event }: BusEvent<'EmailReceived' | 'EmailComposed'>): Promise<void> {
    const teamId = event.data.teamId;
    const email =
      event.type === 'EmailComposed'
        ? emailDtoFromComposed(event.data as EmailComposed)
        : emailDtoFromEvent(event.data as EmailReceived);
    await this.push(teamId, email);
    const state = this.counts.get(teamId) ?? { wanted: null, running: false };
    state.wanted = event.position;
    this.counts.set(teamId, state);
    if (state.running) return;
    state.running = true;
    try {
      while (state.wanted) {
        const position = state.wanted;
        state.wanted = null;
        try {
          await this.runner.waitFor(position, [INBOX_EMAIL_PROJECTION], COUNT_WAIT_MS);
          this.pushes.toTeam(teamId).emit('team.unread-count', await this.emails.countUnread(teamId));
        } catch (error) {
          this.logger.warn(`Unread count push failed: ${(error as Error).message}`);
        }
      }
    } finally {
      state.running = false;
      this.counts.delete(teamId);
    }
  }

  /** Gathers a new email for its team's message of this turn; resolves once that message is sent. */
  private push(teamId: string, email: Email): Promise<void> {
    if (!this.gathered) {
      const byTeam = new Map<string, Email[]>();
      const pushed = new Promise<void>((resolve) =>
        setImmediate(() => {
          this.gathered = undefined;
          for (const [team, emails] of byTeam) {
            try {
              for (let i = 0; i < emails.length; i += EMAILS_PER_MESSAGE)
                this.pushes.toTeam(team).emit('team.emails.created', emails.slice(i, i + EMAILS_PER_MESSAGE));
            } catch (error) {
              // A live hint: the list loads its emails when it opens; one team's failed push stops no other's.
              this.logger.warn(`New emails push failed: ${(error as Error).message}`);
            }
          }
          resolve();
        }),
      );
      this.gathered = { byTeam, pushed };
    }
    const { byTeam, pushed } = this.gathered;
    const ofTeam = byTeam.get(teamId);
    if (ofTeam) ofTeam.push(email);
    else byTeam.set(teamId, [email]);
    return pushed;
  }
}
