import { activityOf } from './activity-entries';

describe('the activity entries of conversation changes', () => {
  it('records a merge on the first email named, with every email named and the conversation they form', () => {
    expect(
      activityOf('ConversationsMerged', {
        teamId: 'team-1',
        emailId: 'email-1',
        intoThreadId: 'thread-1',
        threadIds: ['thread-1', 'thread-2'],
        emailIds: ['email-1', 'email-2'],
        by: 'u-1',
      }),
    ).toEqual({
      kind: 'entry',
      type: 'CONVERSATIONS_MERGED',
      details: { emailIds: ['email-1', 'email-2'], conversationId: 'thread-1' },
      emailId: 'email-1',
    });
  });

  it('records a split on the email split out, with its new conversation', () => {
    expect(
      activityOf('EmailSplitFromConversation', {
        teamId: 'team-1',
        emailId: 'email-2',
        fromThreadId: 'thread-1',
        newThreadId: 'thread-9',
        by: 'u-1',
      }),
    ).toEqual({ kind: 'entry', type: 'EMAIL_SPLIT', details: { conversationId: 'thread-9' }, emailId: 'email-2' });
  });
});
