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

  it('records every snooze, wake-up and reminder of an email, with its time or reason', () => {
    const ids = { teamId: 'team-1', emailId: 'email-1' };
    const until = '2026-12-01T08:00:00.000Z';
    expect(activityOf('EmailSnoozed', { ...ids, snoozeId: 's-1', until, by: 'u-1' })).toEqual({
      kind: 'entry',
      type: 'SNOOZED',
      details: { until },
      emailId: 'email-1',
    });
    expect(activityOf('EmailWoken', { ...ids, reason: 'time', wokenAt: until, snoozeId: 's-1' })).toEqual({
      kind: 'entry',
      type: 'WOKEN',
      details: { reason: 'time' },
      emailId: 'email-1',
    });
    expect(
      activityOf('ReminderSet', { ...ids, reminderId: 'r-1', replyId: 'reply-1', dueAt: until, by: 'u-1' }),
    ).toEqual({ kind: 'entry', type: 'REMINDER_SET', details: { until, replyId: 'reply-1' }, emailId: 'email-1' });
    expect(activityOf('ReminderCancelled', { ...ids, reminderId: 'r-1', reason: 'answer' })).toEqual({
      kind: 'entry',
      type: 'REMINDER_CANCELLED',
      details: { reason: 'answer' },
      emailId: 'email-1',
    });
  });
});
