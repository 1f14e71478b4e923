import { MERGE_ALREADY_ONE_MESSAGE, MERGE_TOO_FEW_MESSAGE, SPLIT_ALONE_MESSAGE } from '@teaminbox/contracts';
import type { Decider } from '../../../platform/event-sourcing/decider';
import type { DomainEvent } from '../../../platform/event-sourcing/domain-event';
import { DomainError } from '../../../platform/event-sourcing/domain-error';

/**
 * The team's conversation changes made by its members: one stream per team. A merge spans several conversations and
 * a split changes a conversation other emails belong to, so neither belongs on one email's stream; on the team's
 * stream each is one event, and the expected version puts the team's merges and splits in one order.
 */
export const conversationChangesStreamId = (teamId: string) => `conversations-${teamId}`;

/** An email as the handler found it in the thread read model: its conversation and how many emails that holds. */
export interface EmailInConversation {
  emailId: string;
  threadId: string;
  size: number;
}

export type MergeConversations = {
  type: 'MergeConversations';
  teamId: string;
  by: string;
  /** The emails named, in the caller's order, with their conversations as they are now. */
  emails: EmailInConversation[];
  /** Every email of the conversations of `emails`, as the thread read model holds them now. */
  conversationEmailIds: string[];
};

export type SplitEmail = {
  type: 'SplitEmail';
  teamId: string;
  by: string;
  email: EmailInConversation;
  /** The id of the email's own conversation (a fresh id: the old conversation keeps its own). */
  newThreadId: string;
  /** Every email of the email's conversation, itself included, as the thread read model holds them now. */
  conversationEmailIds: string[];
};

export type ConversationChangeCommand = MergeConversations | SplitEmail;
export type ConversationChangeEvent = DomainEvent<'ConversationsMerged' | 'EmailSplitFromConversation'>;

/** The emails of the conversations changed: those the read model listed, with the emails named among them. */
const everyEmail = (listed: readonly string[], named: readonly EmailInConversation[]): string[] => [
  ...new Set([...listed, ...named.map((email) => email.emailId)]),
];

/** How many merges and splits the team's stream holds. */
export interface ConversationChangesState {
  changes: number;
}

/**
 * Merging: the emails named (each once) must lie in at least two conversations; the others join the conversation of
 * the first. Splitting: the email must share its conversation with another email. The conversations are read-model
 * facts the handler reads after the thread projection has caught up; the team's stream orders the changes.
 */
export const conversationChangesDecider: Decider<
  ConversationChangeCommand,
  ConversationChangeEvent,
  ConversationChangesState
> = {
  eventTypes: ['ConversationsMerged', 'EmailSplitFromConversation'],
  initialState: () => ({ changes: 0 }),

  decide(command) {
    if (command.type === 'MergeConversations') {
      const emails = command.emails.filter(
        (email, index) => command.emails.findIndex((other) => other.emailId === email.emailId) === index,
      );
      if (emails.length < 2) throw new DomainError('invalid', MERGE_TOO_FEW_MESSAGE);
      const threadIds = [...new Set(emails.map((email) => email.threadId))];
      if (threadIds.length < 2) throw new DomainError('invalid', MERGE_ALREADY_ONE_MESSAGE);
      return [
        {
          type: 'ConversationsMerged',
          data: {
            teamId: command.teamId,
            emailId: emails[0].emailId,
            intoThreadId: threadIds[0],
            threadIds,
            emailIds: emails.map((email) => email.emailId),
            by: command.by,
            conversationEmailIds: everyEmail(command.conversationEmailIds, emails),
          },
        },
      ];
    }
    if (command.email.size < 2) throw new DomainError('invalid', SPLIT_ALONE_MESSAGE);
    return [
      {
        type: 'EmailSplitFromConversation',
        data: {
          teamId: command.teamId,
          emailId: command.email.emailId,
          fromThreadId: command.email.threadId,
          newThreadId: command.newThreadId,
          by: command.by,
          conversationEmailIds: everyEmail(command.conversationEmailIds, [command.email]),
        },
      },
    ];
  },

  evolve: (state) => ({ changes: state.changes + 1 }),
};
