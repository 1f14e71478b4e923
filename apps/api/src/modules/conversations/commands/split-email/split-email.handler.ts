import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { ConversationChangeResult } from '@teaminbox/contracts';
import { v7 as uuidv7 } from 'uuid';
import { EventSourcedRepository, ReadYourWrites } from '../../../../platform/event-sourcing';
import { ConversationThreads } from '../../projections/email-thread/conversation-threads';
import { InboxEmailQueries } from '../../queries/inbox-email.queries';
import { changeConversations } from '../conversation-change';
import { SplitEmailCommand } from './split-email.command';

/** `EmailSplitFromConversation` on the team's stream: the email becomes a conversation of its own (a new thread id). */
@CommandHandler(SplitEmailCommand)
export class SplitEmailHandler implements ICommandHandler<SplitEmailCommand, ConversationChangeResult> {
  constructor(
    private readonly repository: EventSourcedRepository,
    private readonly readYourWrites: ReadYourWrites,
    private readonly threads: ConversationThreads,
    private readonly inbox: InboxEmailQueries,
  ) {}

  execute({ caller, emailId }: SplitEmailCommand): Promise<ConversationChangeResult> {
    const newThreadId = uuidv7();
    const { repository, readYourWrites, threads, inbox } = this;
    return changeConversations(
      { repository, readYourWrites, threads, inbox },
      caller,
      [emailId],
      ([email], conversationEmailIds) => ({
        type: 'SplitEmail',
        teamId: caller.teamId,
        by: caller.userId,
        email,
        newThreadId,
        conversationEmailIds,
      }),
      emailId,
    );
  }
}
