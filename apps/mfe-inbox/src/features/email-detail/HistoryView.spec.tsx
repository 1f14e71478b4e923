import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import type { EmailAsOf, EmailHistoryEntry, Reply } from '@teaminbox/contracts';
import { inboxApi } from '@teaminbox/api-client';
import { commentChanged, connected, emailUpdated } from '@teaminbox/web-store';
import { answerServerCalls } from '@teaminbox/web-store/testing';
import { aComment, closeDetail, emailDetail, renderDetail, serverCalls, stubDetailApi } from './detail-test-harness';
import { asOfChosen } from './emailHistorySlice';

const entry = (version: number, type: string): EmailHistoryEntry => ({
  id: `ev${version}`,
  version,
  type,
  occurredAt: '2026-11-17T14:00:00.000Z',
  actor: { kind: 'system', source: 'mail-server' },
  change: {},
  correlationId: `c${version}`,
  causationId: null,
});

const HISTORY = 'GET /api/emails/e1/history';
const answerHistory = (...entries: EmailHistoryEntry[]) => answerServerCalls({ [HISTORY]: entries });
const loads = () => serverCalls('GET', '/api/emails/e1/history').length;

describe('the History view of the open email', () => {
  afterEach(closeDetail);

  it('lists the read mark stored after the view loaded, and refreshes on pushes and on a reconnect', async () => {
    stubDetailApi(emailDetail({ read: false }));
    let storeReadMark!: () => void;
    jest
      .spyOn(inboxApi, 'markRead')
      .mockReturnValue(new Promise((resolve) => (storeReadMark = () => resolve(emailDetail({ read: true })))) as never);
    answerHistory(entry(1, 'EmailReceived'));
    const { store } = await renderDetail({ role: 'MEMBER' });
    expect(loads()).toBe(0);

    fireEvent.click(screen.getByTestId('history-toggle'));
    expect(await screen.findAllByTestId('history-entry')).toHaveLength(1);

    answerHistory(entry(1, 'EmailReceived'), entry(2, 'EmailMarkedRead'));
    await act(async () => storeReadMark());
    await waitFor(() => expect(screen.getAllByTestId('history-entry')).toHaveLength(2));
    // Each entry says what changed in the reader's words (the inbox's texts, not the event's type).
    expect(screen.getAllByTestId('history-change')[1]).toHaveTextContent('Marked as read');
    expect(screen.getAllByTestId('history-actor')[0]).toHaveTextContent('Mail server');

    // Another email's change does not reload; this one's does, and so do a comment and a socket that connects again.
    const calls = loads();
    await act(async () => void store.dispatch(emailUpdated({ id: 'other', actorUserId: null })));
    expect(loads()).toBe(calls);
    answerHistory(entry(1, 'EmailReceived'), entry(2, 'EmailMarkedRead'), entry(3, 'EmailArchived'));
    await act(async () => void store.dispatch(emailUpdated({ id: 'e1', actorUserId: null })));
    await waitFor(() => expect(screen.getAllByTestId('history-entry')).toHaveLength(3));
    await act(async () => void store.dispatch(commentChanged({ emailId: 'e1', kind: 'added', comment: aComment() })));
    await waitFor(() => expect(loads()).toBe(calls + 2));
    await act(async () => void store.dispatch(connected()));
    await waitFor(() => expect(loads()).toBe(calls + 3));
  });

  it('reads a conversation a member composed as that message, not as a reply; later replies stay replies', async () => {
    stubDetailApi(
      emailDetail({ direction: 'outgoing', composedBy: { userId: 'u2', name: 'Petr' }, bcc: ['boss@example.com'] }),
    );
    const byPetr = { kind: 'user', userId: 'u2', name: 'Petr', email: 'petr@example.com' } as const;
    answerHistory(
      { ...entry(1, 'EmailComposed'), actor: byPetr, change: { subject: 'Your order' } },
      { ...entry(2, 'ReplyQueued'), actor: byPetr, change: { replyId: 'e1', subject: 'Your order' } },
      { ...entry(3, 'ReplySent'), actor: { kind: 'system', source: 'outbox' }, change: { replyId: 'e1' } },
      { ...entry(4, 'ReplyQueued'), actor: byPetr, change: { replyId: 'r2', subject: 'Re: Your order' } },
    );
    await renderDetail({ role: 'MEMBER' });
    expect(screen.getByTestId('email-detail-sent-by')).toHaveTextContent('Sent by Petr');
    expect(screen.getByTestId('email-meta')).toHaveTextContent('Bccboss@example.com');

    fireEvent.click(screen.getByTestId('history-toggle'));
    await waitFor(() => expect(screen.getAllByTestId('history-entry')).toHaveLength(4));
    expect(screen.getAllByTestId('history-change').map((change) => change.textContent)).toEqual([
      'Composed "Your order"',
      'Message queued: Your order',
      'Message sent',
      'Reply queued: Re: Your order',
    ]);
  });

  it("reads a forward's sending as a forward's, and a new email sent again from its draft as that message", async () => {
    stubDetailApi(emailDetail());
    const byAnn = { kind: 'user', userId: 'u1', name: 'Ann', email: 'ann@example.com' } as const;
    const outbox = { kind: 'system', source: 'outbox' } as const;
    answerHistory(
      {
        ...entry(1, 'ReplyQueued'),
        actor: byAnn,
        change: { replyId: 'f1', subject: 'Fwd: Invoice', sendKind: 'forward' },
      },
      { ...entry(2, 'ReplySent'), actor: outbox, change: { replyId: 'f1', sendKind: 'forward' } },
      { ...entry(3, 'ReplyQueued'), actor: byAnn, change: { replyId: 'c2', subject: 'Invoice', sendKind: 'compose' } },
      { ...entry(4, 'ReplySendingStarted'), actor: outbox, change: { replyId: 'c2', sendKind: 'compose' } },
    );
    await renderDetail({ role: 'MEMBER' });

    fireEvent.click(screen.getByTestId('history-toggle'));
    await waitFor(() => expect(screen.getAllByTestId('history-entry')).toHaveLength(4));
    expect(screen.getAllByTestId('history-change').map((change) => change.textContent)).toEqual([
      'Forward queued: Fwd: Invoice',
      'Forward sent',
      'Message queued: Invoice',
      'Message handed to the mail server',
    ]);
  });

  it('reads a send undone, a message sent for later and its cancellation, and another email split out', async () => {
    stubDetailApi(emailDetail());
    const byAnn = { kind: 'user', userId: 'u1', name: 'Ann', email: 'ann@example.com' } as const;
    const tomorrow = '2026-11-18T08:00:00.000Z';
    const at = new Date(tomorrow).toLocaleString('en');
    answerHistory(
      { ...entry(1, 'ReplyQueued'), actor: byAnn, change: { replyId: 'r1', subject: 'Re: Invoice' } },
      { ...entry(2, 'ReplySendCancelled'), actor: byAnn, change: { replyId: 'r1', draftId: 'd1' } },
      {
        ...entry(3, 'ReplyQueued'),
        actor: byAnn,
        change: { replyId: 'r2', subject: 'Re: Invoice', scheduledFor: tomorrow },
      },
      {
        ...entry(4, 'ReplySendCancelled'),
        actor: byAnn,
        change: { replyId: 'r2', draftId: 'd2', scheduledFor: tomorrow },
      },
      { ...entry(5, 'ReplySendingStarted'), actor: { kind: 'system', source: 'system' }, change: { replyId: 'r3' } },
      { ...entry(6, 'EmailSplitFromConversation'), actor: byAnn, change: { conversationId: 't9', emailIds: ['e2'] } },
      { ...entry(7, 'EmailSplitFromConversation'), actor: byAnn, change: { conversationId: 't8', emailIds: ['e1'] } },
    );
    await renderDetail({ role: 'MEMBER' });

    fireEvent.click(screen.getByTestId('history-toggle'));
    await waitFor(() => expect(screen.getAllByTestId('history-entry')).toHaveLength(7));
    expect(screen.getAllByTestId('history-change').map((change) => change.textContent)).toEqual([
      'Reply queued: Re: Invoice',
      'Sending undone: the reply is a draft again',
      `Reply scheduled for ${at}: Re: Invoice`,
      `Send scheduled for ${at} cancelled: the reply is a draft again`,
      'Reply handed to the mail server',
      'Another email split out of this conversation into conversation t9',
      'Split into its own conversation t8',
    ]);
  });

  it('shows a reply sent for later as scheduled for its time in the email as it stood then', async () => {
    stubDetailApi(emailDetail());
    answerHistory(entry(1, 'EmailReceived'));
    const asOf = '2026-11-17T15:00:00.000Z';
    const tomorrow = '2026-11-18T08:00:00.000Z';
    const reply = (id: string, subject: string, status: Reply['status']): Reply => ({
      id,
      emailId: 'e1',
      teamId: 't1',
      from: 'support@example.com',
      to: ['c@example.com'],
      cc: [],
      bcc: [],
      subject,
      body: 'Paid',
      htmlBody: null,
      isReplyToAll: false,
      createdAt: '2026-11-17T14:30:00.000Z',
      updatedAt: null,
      sentAt: null,
      status,
      error: null,
      authorId: 'u1',
      authorName: 'Ann',
      authorEmail: 'ann@example.com',
      attachments: [],
    });
    const past: EmailAsOf = {
      ...emailDetail(),
      asOf,
      version: 3,
      labelNames: {},
      comments: [],
      replies: [
        { ...reply('r1', 'Re: later', 'QUEUED'), scheduledFor: tomorrow },
        { ...reply('r2', 'Re: now', 'QUEUED'), scheduledFor: null },
      ],
      conversationChange: null,
    };
    answerServerCalls({ [`GET /api/emails/e1?asOf=${encodeURIComponent(asOf)}`]: past });
    const { store } = await renderDetail({ role: 'MEMBER' });
    fireEvent.click(screen.getByTestId('history-toggle'));
    await act(async () => void store.dispatch(asOfChosen({ emailId: 'e1', asOf })));
    await waitFor(() => expect(screen.getAllByTestId('past-reply')).toHaveLength(2));
    const [later, now] = screen.getAllByTestId('past-reply');
    expect(later).toHaveTextContent(
      `Ann · scheduled for ${new Date(tomorrow).toLocaleString('en', { dateStyle: 'medium', timeStyle: 'medium' })} · Re: later`,
    );
    expect(now).toHaveTextContent('Ann · QUEUED · Re: now');
  });

  it('says the events could not be loaded when the view opens', async () => {
    stubDetailApi(emailDetail());
    const { notices } = await renderDetail({ role: 'MEMBER' });
    fireEvent.click(screen.getByTestId('history-toggle'));
    await waitFor(() => expect(notices()).toEqual([['error', 'Error loading history', 3000]]));
    expect(screen.queryAllByTestId('history-entry')).toHaveLength(0);
  });
});
