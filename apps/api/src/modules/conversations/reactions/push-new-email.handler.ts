import { Logger } from '@nestjs/common';
import { EventsHandler, type IEventHandler } from '@nestjs/cqrs';
import type { StoredEvent } from '../../../platform/event-store/event-store.port';
import { EmailReceivedEvent } from '../../../platform/projections/domain-events';
import { ProjectionRunner } from '../../../platform/projections/projection-runner';
import { RealtimeGateway } from '../../../platform/realtime/realtime.gateway';
import { emailDtoFromEvent } from '../projections/inbox-email/email.mapper';
import { INBOX_EMAIL_PROJECTION } from '../projections/inbox-email/inbox-email.projection';
import { InboxEmailQueries } from '../queries/inbox-email.queries';

const COUNT_WAIT_MS = 2000;

/**
 * Pushes a received email to its team's sockets ('team.email.created', built from the event so it
 * does not depend on the projection), then the team's unread count once the inbox projection has it.
 * Counts are coalesced per team: while one is being computed, further emails only ask for one more count
 * afterwards, so a first sync of thousands of messages runs a handful of counts, not one per message.
 */
@EventsHandler(EmailReceivedEvent)
export class PushNewEmailHandler implements IEventHandler<EmailReceivedEvent> {
  private readonly logger = new Logger(PushNewEmailHandler.name);

  constructor(
    private readonly gateway: RealtimeGateway,
    private readonly runner: ProjectionRunner,
    private readonly emails: InboxEmailQueries,
  ) {}

  /** Per team: the newest position whose count is still to be pushed, and whether a count is running. */
  private readonly counts = new Map<string, { wanted: StoredEvent['position'] | null; running: boolean }>();

  async handle({ event }: EmailReceivedEvent): Promise<void> {
    const teamId = event.data.teamId;
    this.gateway.toTeam(teamId).emit('team.email.created', emailDtoFromEvent(event.data));
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
          this.gateway.toTeam(teamId).emit('team.unread-count', await this.emails.countUnread(teamId));
        } catch (error) {
          this.logger.warn(`Unread count push failed: ${(error as Error).message}`);
        }
      }
    } finally {
      state.running = false;
      this.counts.delete(teamId);
    }
  }
}
