import type { ConversationChangeResult } from '@teaminbox/contracts';
import type { TeamCaller } from '../../../platform/auth';
import { DomainError, type EventSourcedRepository, type ReadYourWrites } from '../../../platform/event-sourcing';
import {
  type ConversationChangeCommand,
  conversationChangesDecider,
  conversationChangesStreamId,
  type EmailInConversation,
} from '../domain/conversation-changes.decider';
import type { ConversationThreads } from '../projections/email-thread/conversation-threads';
import { EMAIL_THREAD_PROJECTION } from '../projections/email-thread/email-thread.projection';
import type { InboxEmailQueries } from '../queries/inbox-email.queries';

/** How often a change is decided again on fresh threads when another merge or split of the team came first. */
const ATTEMPTS = 3;

export interface ConversationChangeDeps {
  repository: EventSourcedRepository;
  readYourWrites: ReadYourWrites;
  threads: ConversationThreads;
  inbox: InboxEmailQueries;
}

/**
 * Decides a merge or a split on the team's stream `conversations-<teamId>`: every email named must be the caller's
 * team's (else 404 'Email not found', nothing changes); the thread read model is read once it has every event
 * appended so far, and the change is decided at the stream's version read with it. When another member's change came
 * first, the threads are read and the change decided again. Answers the conversation of `answerFor` afterwards.
 */
export async function changeConversations(
  deps: ConversationChangeDeps,
  caller: TeamCaller,
  emailIds: readonly string[],
  command: (emails: EmailInConversation[], conversationEmailIds: string[]) => ConversationChangeCommand,
  answerFor: string,
): Promise<ConversationChangeResult> {
  for (const emailId of new Set(emailIds)) await deps.inbox.requireEmail(caller.teamId, emailId);
  for (let attempt = 1; ; attempt++) {
    await deps.readYourWrites.waitForHead([EMAIL_THREAD_PROJECTION]);
    const known = await deps.threads.conversationsOf(caller.teamId, emailIds);
    const emails = emailIds.map((emailId) => known.get(emailId) ?? { emailId, threadId: emailId, size: 1 });
    const conversationEmailIds = await deps.threads.emailsOfThreads(caller.teamId, [
      ...new Set(emails.map((email) => email.threadId)),
    ]);
    try {
      await deps.repository.decide(
        conversationChangesStreamId(caller.teamId),
        conversationChangesDecider,
        command(emails, conversationEmailIds),
        { teamId: caller.teamId, waitFor: [EMAIL_THREAD_PROJECTION] },
      );
      break;
    } catch (error) {
      if (!(error instanceof DomainError) || error.kind !== 'conflict' || attempt >= ATTEMPTS) throw error;
    }
  }
  const conversation = (await deps.threads.conversationsOf(caller.teamId, [answerFor])).get(answerFor);
  const conversationId = conversation?.threadId ?? answerFor;
  const members = await deps.threads.emailsOfThreads(caller.teamId, [conversationId]);
  return { conversationId, emailIds: members.length > 0 ? members : [answerFor] };
}
