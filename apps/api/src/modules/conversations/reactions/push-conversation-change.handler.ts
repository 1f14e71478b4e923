import { Logger } from '@nestjs/common';
import { EventsHandler, type IEventHandler } from '@nestjs/cqrs';
import type { ConversationsMerged, EmailSplitFromConversation } from '@teaminbox/contracts';
import { busEvent, type DomainEventEnvelope } from '../../../platform/projections/domain-events';
import { ProjectionRunner } from '../../../platform/projections/projection-runner';
import { InjectPusher, type ModulePusher } from '../../../platform/realtime/module-pusher';
import type { CONVERSATIONS_PUSHES } from '../conversations.manifest';
import { ConversationThreads } from '../projections/email-thread/conversation-threads';
import { EMAIL_THREAD_PROJECTION } from '../projections/email-thread/email-thread.projection';
import { INBOX_EMAIL_PROJECTION } from '../projections/inbox-email/inbox-email.projection';
import { InboxEmailQueries } from '../queries/inbox-email.queries';

const WAIT_MS = 2000;

/**
 * After a merge or a split, the team's sockets get 'team.email.updated' with `conversationChanged` for every email of
 * the conversations it changed (a merge's conversation; a split's email and the conversation it left), once the
 * thread read model has the change: open conversation lists load their page again, an open email its thread.
 */
@EventsHandler(busEvent('ConversationsMerged'), busEvent('EmailSplitFromConversation'))
export class PushConversationChangeHandler implements IEventHandler<DomainEventEnvelope> {
  private readonly logger = new Logger(PushConversationChangeHandler.name);

  constructor(
    @InjectPusher() private readonly pushes: ModulePusher<typeof CONVERSATIONS_PUSHES>,
    private readonly runner: ProjectionRunner,
    private readonly threads: ConversationThreads,
    private readonly inbox: InboxEmailQueries,
  ) {}

  async handle({ event }: DomainEventEnvelope): Promise<void> {
    const data = event.data as ConversationsMerged | EmailSplitFromConversation;
    const threadIds =
      event.type === 'ConversationsMerged'
        ? [(data as ConversationsMerged).intoThreadId]
        : [(data as EmailSplitFromConversation).fromThreadId, (data as EmailSplitFromConversation).newThreadId];
    try {
      await this.runner.waitFor(event.position, [EMAIL_THREAD_PROJECTION, INBOX_EMAIL_PROJECTION], WAIT_MS);
      const named = event.type === 'ConversationsMerged' ? (data as ConversationsMerged).emailIds : [data.emailId];
      const emailIds = [...new Set([...named, ...(await this.threads.emailsOfThreads(data.teamId, threadIds))])];
      const room = this.pushes.toTeam(data.teamId);
      for (const email of await this.inbox.emailChanges(data.teamId, emailIds)) {
        room.emit('team.email.updated', { ...email, conversationChanged: true, actorUserId: data.by });
      }
    } catch (error) {
      this.logger.warn(`Conversation change push failed: ${(error as Error).message}`);
    }
  }
}
