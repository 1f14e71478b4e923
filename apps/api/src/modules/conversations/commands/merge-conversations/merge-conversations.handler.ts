import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { ConversationChangeResult } from '@teaminbox/contracts';
import { EventSourcedRepository, ReadYourWrites } from '../../../../platform/event-sourcing';
import { ConversationThreads } from '../../projections/email-thread/conversation-threads';
import { InboxEmailQueries } from '../../queries/inbox-email.queries';
import { changeConversations } from '../conversation-change';
import { MergeConversationsCommand } from './merge-conversations.command';

/** `ConversationsMerged` on the team's stream: the conversations of the emails named become the first one's. */
@CommandHandler(MergeConversationsCommand)
export class MergeConversationsHandler implements ICommandHandler<MergeConversationsCommand, ConversationChangeResult> {
  constructor(
    private readonly repository: EventSourcedRepository,
    private readonly readYourWrites: ReadYourWrites,
    private readonly threads: ConversationThreads,
    private readonly inbox: InboxEmailQueries,
  ) {}

  execute({ caller, emailIds }: MergeConversationsCommand): Promise<ConversationChangeResult> {
    const { repository, readYourWrites, threads, inbox } = this;
    return changeConversations(
      { repository, readYourWrites, threads, inbox },
      caller,
      emailIds,
      (emails, conversationEmailIds) => ({
        type: 'MergeConversations',
        teamId: caller.teamId,
        by: caller.userId,
        emails,
        conversationEmailIds,
      }),
      emailIds[0],
    );
  }
}
