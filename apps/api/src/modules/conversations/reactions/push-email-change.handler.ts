import { Logger } from '@nestjs/common';
import { EventsHandler, type IEventHandler } from '@nestjs/cqrs';
import {
  type DomainEventEnvelope,
  EmailArchivedEvent,
  EmailAssignedEvent,
  EmailLabelAddedEvent,
  EmailLabelRemovedEvent,
  EmailMarkedNotSpamEvent,
  EmailMarkedReadEvent,
  EmailMarkedSpamEvent,
  EmailMarkedUnreadEvent,
  EmailNotificationsMutedEvent,
  EmailNotificationsUnmutedEvent,
  EmailPriorityChangedEvent,
  EmailStatusChangedEvent,
  EmailUnarchivedEvent,
  EmailUnassignedEvent,
} from '../../../platform/projections/domain-events';
import { ProjectionRunner } from '../../../platform/projections/projection-runner';
import { RealtimeGateway } from '../../../platform/realtime/realtime.gateway';
import { INBOX_EMAIL_PROJECTION } from '../projections/inbox-email/inbox-email.projection';
import { InboxEmailQueries } from '../queries/inbox-email.queries';

const WAIT_MS = 2000;
const COUNT_CHANGING = new Set([
  'EmailMarkedRead',
  'EmailMarkedUnread',
  'EmailArchived',
  'EmailUnarchived',
  'EmailMarkedSpam',
  'EmailMarkedNotSpam',
]);

/**
 * After a change of an email (read state, archive, spam, assignment, labels, status, priority, a member's mute) its team's sockets get
 * 'team.email.updated' with the email's current state and who did it, and the unread count when it may have changed.
 */
@EventsHandler(
  EmailMarkedReadEvent,
  EmailMarkedUnreadEvent,
  EmailArchivedEvent,
  EmailUnarchivedEvent,
  EmailMarkedSpamEvent,
  EmailMarkedNotSpamEvent,
  EmailAssignedEvent,
  EmailUnassignedEvent,
  EmailLabelAddedEvent,
  EmailLabelRemovedEvent,
  EmailNotificationsMutedEvent,
  EmailNotificationsUnmutedEvent,
  EmailStatusChangedEvent,
  EmailPriorityChangedEvent,
)
export class PushEmailChangeHandler implements IEventHandler<DomainEventEnvelope> {
  private readonly logger = new Logger(PushEmailChangeHandler.name);

  constructor(
    private readonly gateway: RealtimeGateway,
    private readonly runner: ProjectionRunner,
    private readonly inbox: InboxEmailQueries,
  ) {}

  async handle({ event }: DomainEventEnvelope): Promise<void> {
    const { emailId, teamId } = event.data as { emailId: string; teamId: string };
    try {
      await this.runner.waitFor(event.position, [INBOX_EMAIL_PROJECTION], WAIT_MS);
      const email = await this.inbox.email(teamId, emailId);
      if (!email) return;
      this.gateway.toTeam(teamId).emit('team.email.updated', {
        id: email.id,
        read: email.read,
        readAt: email.readAt,
        readBy: email.readBy,
        isArchived: email.isArchived,
        isSpam: email.isSpam,
        assignedTo: email.assignedTo,
        labels: email.labels,
        status: email.status,
        priority: email.priority,
        actorUserId: event.metadata.actorUserId,
      });
      if (COUNT_CHANGING.has(event.type)) {
        this.gateway.toTeam(teamId).emit('team.unread-count', await this.inbox.countUnread(teamId));
      }
    } catch (error) {
      this.logger.warn(`Email change push failed: ${(error as Error).message}`);
    }
  }
}
