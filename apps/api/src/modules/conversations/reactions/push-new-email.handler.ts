import { Logger } from '@nestjs/common';
import { EventsHandler, type IEventHandler } from '@nestjs/cqrs';
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
 */
@EventsHandler(EmailReceivedEvent)
export class PushNewEmailHandler implements IEventHandler<EmailReceivedEvent> {
  private readonly logger = new Logger(PushNewEmailHandler.name);

  constructor(
    private readonly gateway: RealtimeGateway,
    private readonly runner: ProjectionRunner,
    private readonly emails: InboxEmailQueries,
  ) {}

  async handle({ event }: EmailReceivedEvent): Promise<void> {
    const teamId = event.data.teamId;
    this.gateway.toTeam(teamId).emit('team.email.created', emailDtoFromEvent(event.data));
    try {
      await this.runner.waitFor(event.position, [INBOX_EMAIL_PROJECTION], COUNT_WAIT_MS);
      this.gateway.toTeam(teamId).emit('team.unread-count', await this.emails.countUnread(teamId));
    } catch (error) {
      this.logger.warn(`Unread count push failed: ${(error as Error).message}`);
    }
  }
}
