import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { Comment, ConversationEmailRef } from '@teaminbox/contracts';
import { setLanguage } from '@teaminbox/ui';
import { commentChanged } from '@teaminbox/web-store';
import { answerServerCalls } from '@teaminbox/web-store/testing';
import {
  aComment,
  closeDetail,
  commentAnswers,
  e1Ref,
  emailDetail,
  renderDetail,
  serverCalls,
  stubDetailApi,
} from './detail-test-harness';

/** The first message of e1's conversation (e1 answers it). */
const e0Ref: ConversationEmailRef = {
  id: 'e0',
  subject: 'Invoice question',
  fromName: 'Billing',
  fromEmail: 'billing@example.com',
  receivedAt: '2025-03-03T12:00:00.000Z',
};
const onFirst = aComment({
  id: 'c0',
  emailId: 'e0',
  message: 'Asked accounting',
  createdAt: '2025-03-03T13:00:00.000Z',
});
const onShown = aComment({
  id: 'c1',
  emailId: 'e1',
  message: 'They confirmed',
  userId: 'u1',
  userName: 'Jana',
  userEmail: 'jana@example.com',
});
const conversation = (...comments: { comment: Comment; email: ConversationEmailRef }[]) => ({
  emailIds: ['e0', 'e1'],
  comments: comments.map(({ comment, email }) => ({ ...comment, email })),
});

const OWN = '/api/emails/e1/comments';
const SHARED = '/api/emails/e1/comments?scope=conversation';
const shown = () => screen.getAllByTestId('comment');

describe("the email detail's internal comments, shared within a conversation", () => {
  afterEach(closeDetail);

  it('with sharing on, shows every comment of the conversation, each of another message with its subject and date; a new one goes on the email shown', async () => {
    stubDetailApi(emailDetail(), { shareComments: true });
    answerServerCalls(
      commentAnswers([onShown], conversation({ comment: onFirst, email: e0Ref }, { comment: onShown, email: e1Ref })),
    );
    await renderDetail();
    await waitFor(() => expect(shown()).toHaveLength(2));
    const [first, own] = shown();
    expect(first).toHaveTextContent('Asked accounting');
    expect(within(first).getByTestId('comment-on')).toHaveTextContent(
      /^on: Invoice question, Mar 3, 2025, \d{1,2}:\d{2}/,
    );
    expect(own).toHaveTextContent('They confirmed');
    expect(within(own).queryByTestId('comment-on')).not.toBeInTheDocument();
    expect(serverCalls('GET', OWN)).toHaveLength(0);

    answerServerCalls({ [`POST ${OWN}`]: aComment({ id: 'c2', message: 'Paid' }) });
    fireEvent.change(screen.getByTestId('comment-input'), { target: { value: 'Paid' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add comment' }));
    await waitFor(() => expect(serverCalls('POST', OWN)).toEqual([{ message: 'Paid' }]));
    // The written comment invalidates the list: the conversation's comments load again, and the box is empty.
    await waitFor(() => expect(serverCalls('GET', SHARED)).toHaveLength(2));
    expect(screen.getByTestId('comment-input')).toHaveValue('');

    try {
      await act(async () => {
        setLanguage('cs');
      });
      expect(within(shown()[0]).getByTestId('comment-on')).toHaveTextContent(
        /^ke zprávě: Invoice question, 3\. 3\. 2025/,
      );
    } finally {
      await act(async () => {
        setLanguage('en');
      });
    }
  });

  it("with sharing off, shows the email's own comments only", async () => {
    stubDetailApi(emailDetail(), { shareComments: false });
    answerServerCalls(
      commentAnswers([onShown], conversation({ comment: onFirst, email: e0Ref }, { comment: onShown, email: e1Ref })),
    );
    await renderDetail();
    await waitFor(() => expect(shown()).toHaveLength(1));
    expect(shown()[0]).toHaveTextContent('They confirmed');
    expect(screen.queryByTestId('comment-on')).not.toBeInTheDocument();
    expect(serverCalls('GET', OWN)).toHaveLength(1);
    expect(serverCalls('GET', SHARED)).toHaveLength(0);
  });

  it('loads the list again when a comment changes on any message of the conversation, not on another email', async () => {
    stubDetailApi(emailDetail(), { shareComments: true });
    answerServerCalls(commentAnswers([], conversation({ comment: onShown, email: e1Ref })));
    const { store } = await renderDetail();
    await waitFor(() => expect(shown()).toHaveLength(1));
    const loads = () => serverCalls('GET', SHARED).length;
    expect(loads()).toBe(1);

    await act(
      async () =>
        void store.dispatch(commentChanged({ emailId: 'e9', kind: 'added', comment: aComment({ emailId: 'e9' }) })),
    );
    expect(loads()).toBe(1);

    answerServerCalls(
      commentAnswers([], conversation({ comment: onFirst, email: e0Ref }, { comment: onShown, email: e1Ref })),
    );
    await act(async () => void store.dispatch(commentChanged({ emailId: 'e0', kind: 'added', comment: onFirst })));
    await waitFor(() => expect(shown()).toHaveLength(2));
    expect(loads()).toBe(2);
    expect(within(shown()[0]).getByTestId('comment-on')).toHaveTextContent('on: Invoice question');
  });

  it('edits and deletes a comment of another message on the email it was written on', async () => {
    const mineOnFirst = aComment({ ...onFirst, userId: 'u1', userName: 'Jana', userEmail: 'jana@example.com' });
    stubDetailApi(emailDetail(), { shareComments: true });
    answerServerCalls({
      ...commentAnswers([], conversation({ comment: mineOnFirst, email: e0Ref })),
      'PUT /api/emails/e0/comments/c0': { ...mineOnFirst, message: 'Asked accounting twice' },
      'DELETE /api/emails/e0/comments/c0': { success: true, message: 'Comment deleted' },
    });
    await renderDetail();
    await waitFor(() => expect(shown()).toHaveLength(1));
    fireEvent.click(screen.getByRole('button', { name: 'Edit comment' }));
    fireEvent.change(screen.getByTestId('comment-edit-input'), { target: { value: 'Asked accounting twice' } });
    fireEvent.click(screen.getByTestId('comment-save'));
    await waitFor(() =>
      expect(serverCalls('PUT', '/api/emails/e0/comments/c0')).toEqual([{ message: 'Asked accounting twice' }]),
    );
    await waitFor(() => expect(screen.queryByTestId('comment-edit-input')).not.toBeInTheDocument());
    fireEvent.click(screen.getByRole('button', { name: 'Delete comment' }));
    await waitFor(() => expect(serverCalls('DELETE', '/api/emails/e0/comments/c0')).toHaveLength(1));
  });
});
