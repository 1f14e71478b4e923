import { deciderSpecification } from '../../../../test/support/decider-specification';
import { DomainError } from '../../../platform/event-sourcing/domain-error';
import { conversationChangesDecider } from './conversation-changes.decider';

const spec = deciderSpecification(conversationChangesDecider);
const teamId = 't1';
const by = 'u1';
const merged = {
  type: 'ConversationsMerged' as const,
  data: {
    teamId,
    emailId: 'a',
    intoThreadId: 'ta',
    threadIds: ['ta', 'tb'],
    emailIds: ['a', 'b'],
    by,
    conversationEmailIds: ['a', 'a2', 'b'],
  },
};
const refused = (message: string) => (error: unknown) =>
  error instanceof DomainError && error.kind === 'invalid' && error.message === message;

describe('conversation changes decider', () => {
  it('merges the conversations of the emails named into the first one', () => {
    spec
      .given([])
      .when({
        type: 'MergeConversations',
        teamId,
        by,
        emails: [
          { emailId: 'a', threadId: 'ta', size: 2 },
          { emailId: 'b', threadId: 'tb', size: 1 },
        ],
        conversationEmailIds: ['a', 'a2', 'b'],
      })
      .then([merged]);
  });

  it('names each conversation once, in the order its emails were named', () => {
    spec
      .given([merged])
      .when({
        type: 'MergeConversations',
        teamId,
        by,
        emails: [
          { emailId: 'c', threadId: 'tc', size: 1 },
          { emailId: 'a', threadId: 'ta', size: 3 },
          { emailId: 'b', threadId: 'ta', size: 3 },
          { emailId: 'c', threadId: 'tc', size: 1 },
        ],
        // The read model lists every email of the conversations; an email named it does not know yet is listed too.
        conversationEmailIds: ['a', 'b', 'a3'],
      })
      .then([
        {
          type: 'ConversationsMerged',
          data: {
            teamId,
            emailId: 'c',
            intoThreadId: 'tc',
            threadIds: ['tc', 'ta'],
            emailIds: ['c', 'a', 'b'],
            by,
            conversationEmailIds: ['a', 'b', 'a3', 'c'],
          },
        },
      ]);
  });

  it('refuses fewer than two emails, and emails already of one conversation', () => {
    spec
      .given([])
      .when({
        type: 'MergeConversations',
        teamId,
        by,
        emails: [
          { emailId: 'a', threadId: 'ta', size: 1 },
          { emailId: 'a', threadId: 'ta', size: 1 },
        ],
        conversationEmailIds: ['a'],
      })
      .thenThrows(refused('Choose at least two conversations to merge'));
    spec
      .given([merged])
      .when({
        type: 'MergeConversations',
        teamId,
        by,
        emails: [
          { emailId: 'a', threadId: 'ta', size: 2 },
          { emailId: 'b', threadId: 'ta', size: 2 },
        ],
        conversationEmailIds: ['a', 'b'],
      })
      .thenThrows(refused('These emails are already one conversation'));
  });

  it('splits an email out of its conversation into a new one (the undo of a merge)', () => {
    spec
      .given([merged])
      .when({
        type: 'SplitEmail',
        teamId,
        by,
        email: { emailId: 'b', threadId: 'ta', size: 2 },
        newThreadId: 'tn',
        conversationEmailIds: ['a', 'b'],
      })
      .then([
        {
          type: 'EmailSplitFromConversation',
          data: { teamId, emailId: 'b', fromThreadId: 'ta', newThreadId: 'tn', by, conversationEmailIds: ['a', 'b'] },
        },
      ]);
  });

  it('refuses to split an email that is a conversation of its own', () => {
    spec
      .given([])
      .when({
        type: 'SplitEmail',
        teamId,
        by,
        email: { emailId: 'b', threadId: 'tb', size: 1 },
        newThreadId: 'tn',
        conversationEmailIds: ['b'],
      })
      .thenThrows(refused('The email is already a conversation of its own'));
  });
});
