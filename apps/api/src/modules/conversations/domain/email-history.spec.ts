import type { EventMetadata } from '@teaminbox/contracts';
import { changedConversationOf, changesOf, conversationChangesOf } from './email-history';

const at = (occurredAt: string) => ({ occurredAt }) as EventMetadata;
const ids = { teamId: 'team-1', emailId: 'email-1' };

describe('the changes the history lists', () => {
  const queued = (replyId: string, occurredAt: string, sendAt?: string) => ({
    type: 'ReplyQueued',
    data: { ...ids, replyId, subject: 'Re: Hello', to: ['alice@example.com'], cc: [], bcc: [], sendAt },
    metadata: at(occurredAt),
  });
  const cancelled = (replyId: string, occurredAt: string) => ({
    type: 'ReplySendCancelled',
    data: { ...ids, replyId, draftId: `draft-of-${replyId}` },
    metadata: at(occurredAt),
  });

  it('tells a send undone within its undo window from a scheduled send cancelled', () => {
    const changes = changesOf([
      // Waits its sender's undo window (10 s): undone, it is a send undone.
      queued('r-1', '2026-11-20T10:00:00.000Z', '2026-11-20T10:00:10.000Z'),
      cancelled('r-1', '2026-11-20T10:00:04.000Z'),
      // Sent for the next morning: scheduled, and its cancellation is a scheduled send cancelled.
      queued('r-2', '2026-11-20T10:01:00.000Z', '2026-11-21T08:00:00.000Z'),
      { type: 'ReplySendingStarted', data: { ...ids, replyId: 'r-3' }, metadata: at('2026-11-20T10:02:00.000Z') },
      cancelled('r-2', '2026-11-20T12:00:00.000Z'),
      // Sent at once (no undo window).
      queued('r-4', '2026-11-20T13:00:00.000Z'),
    ]);
    expect(changes).toEqual([
      { replyId: 'r-1', subject: 'Re: Hello', recipients: ['alice@example.com'] },
      { replyId: 'r-1', draftId: 'draft-of-r-1' },
      {
        replyId: 'r-2',
        subject: 'Re: Hello',
        recipients: ['alice@example.com'],
        scheduledFor: '2026-11-21T08:00:00.000Z',
      },
      { replyId: 'r-3' },
      { replyId: 'r-2', draftId: 'draft-of-r-2', scheduledFor: '2026-11-21T08:00:00.000Z' },
      { replyId: 'r-4', subject: 'Re: Hello', recipients: ['alice@example.com'] },
    ]);
  });

  it("names a forward's and a new email's sending on each of its events, and a reply's on none", () => {
    const event = (type: string, replyId: string, extra: Record<string, unknown> = {}) => ({
      type,
      data: { ...ids, replyId, ...extra },
      metadata: at('2026-11-20T10:00:00.000Z'),
    });
    const changes = changesOf([
      event('ReplyQueued', 'f-1', { kind: 'forward', subject: 'Fwd: Hello' }),
      event('ReplySendingStarted', 'f-1'),
      event('ReplySent', 'f-1'),
      event('ReplyQueued', 'c-1', { kind: 'compose', subject: 'Hello' }),
      event('ReplySendCancelled', 'c-1', { draftId: 'd-1' }),
      event('ReplyQueued', 'r-1', { subject: 'Re: Hello' }),
      event('ReplyFailed', 'r-1', { error: 'refused' }),
    ]);
    expect(changes.map((change) => change.sendKind)).toEqual([
      'forward',
      'forward',
      'forward',
      'compose',
      'compose',
      undefined,
      undefined,
    ]);
  });
});

describe('the conversation changes of an email', () => {
  const merged = (occurredAt: string, data: Record<string, unknown>) => ({
    type: 'ConversationsMerged',
    data: { teamId: 'team-1', by: 'u-1', ...data },
    metadata: at(occurredAt),
  });
  const split = (occurredAt: string, data: Record<string, unknown>) => ({
    type: 'EmailSplitFromConversation',
    data: { teamId: 'team-1', by: 'u-1', ...data },
    metadata: at(occurredAt),
  });
  const since = Date.parse('2026-11-01T00:00:00.000Z');

  it('are the merges and splits that list it among the emails of the conversations they changed', () => {
    const events = [
      merged('2026-11-02T00:00:00.000Z', {
        emailId: 'b1',
        intoThreadId: 'tb',
        threadIds: ['tb', 'ta'],
        emailIds: ['b1', 'a2'],
        conversationEmailIds: ['b1', 'a1', 'a2'],
      }),
      split('2026-11-03T00:00:00.000Z', {
        emailId: 'a2',
        fromThreadId: 'tb',
        newThreadId: 'tn',
        conversationEmailIds: ['b1', 'a1', 'a2'],
      }),
      merged('2026-11-04T00:00:00.000Z', {
        emailId: 'c1',
        intoThreadId: 'tc',
        threadIds: ['tc', 'td'],
        emailIds: ['c1', 'd1'],
        conversationEmailIds: ['c1', 'd1'],
      }),
    ];
    // a1 is named by none of them, and is in the first two all the same.
    const ofA1 = conversationChangesOf(events, { emailId: 'a1', threadId: 'tb', since });
    expect(ofA1).toEqual([events[0], events[1]]);
    // The split of a2 changed a1's conversation, not a1's place in it; the merge did.
    expect(ofA1.map((event) => changedConversationOf(event, 'a1'))).toEqual([true, false]);
    expect(changedConversationOf(events[1], 'a2')).toBe(true);
  });

  it('for changes recorded before they listed their emails: the emails named, and those left in the conversation', () => {
    const events = [
      merged('2026-11-02T00:00:00.000Z', {
        emailId: 'b1',
        intoThreadId: 'tb',
        threadIds: ['tb', 'ta'],
        emailIds: ['b1', 'a2'],
      }),
      split('2026-11-03T00:00:00.000Z', { emailId: 'a2', fromThreadId: 'tb', newThreadId: 'tn' }),
    ];
    // a1 is in the merged conversation now, and existed before both.
    expect(conversationChangesOf(events, { emailId: 'a1', threadId: 'tb', since })).toEqual(events);
    // a2, named by both, is in a conversation of its own now.
    expect(conversationChangesOf(events, { emailId: 'a2', threadId: 'tn', since })).toEqual(events);
    // An email that arrived in the conversation after the merge: only the later split concerns it.
    const later = Date.parse('2026-11-02T12:00:00.000Z');
    expect(conversationChangesOf(events, { emailId: 'a3', threadId: 'tb', since: later })).toEqual([events[1]]);
    // An email of another conversation, and one the thread read model does not know.
    expect(conversationChangesOf(events, { emailId: 'x1', threadId: 'tx', since })).toEqual([]);
    expect(conversationChangesOf(events, { emailId: 'x2', threadId: null, since })).toEqual([]);
  });
});
