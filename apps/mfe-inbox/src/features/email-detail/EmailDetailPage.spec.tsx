import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import type { EmailAction, EmailDetail, Label, ThreadMessage } from '@teaminbox/contracts';
import { ApiError, inboxApi } from '@teaminbox/api-client';
import {
  connected,
  labelChanged,
  replyChanged,
  replyTemplateChanged,
  selectPendingNotices,
} from '@teaminbox/web-store';
import { attachment, closeDetail, emailDetail, important, renderDetail, stubDetailApi } from './detail-test-harness';
import { answerServerCalls, aReply, serverFailure } from '@teaminbox/web-store/testing';

const urgent: Label = { ...important, id: 'l2', name: 'Urgent' };
const stubApi = (detail: EmailDetail) => stubDetailApi(detail, { labels: [important, urgent], members: [] });

describe('the email detail page', () => {
  afterEach(closeDetail);

  it('keeps a label whose removal failed, with the error notice; the remove button is named after the label', async () => {
    stubApi(emailDetail({ labels: ['l1'] }));
    const remove = jest
      .spyOn(inboxApi, 'removeLabelFromEmail')
      .mockRejectedValue(new ApiError(500, 'Internal Server Error'));
    const { store } = await renderDetail();
    await screen.findByTestId('email-label');

    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Remove label Important' }));
    });
    expect(remove).toHaveBeenCalledWith('e1', 'l1');
    await waitFor(() =>
      expect(selectPendingNotices(store.getState()).map((notice) => notice.key)).toContain(
        'emailDetail.labelRemoveError',
      ),
    );
    expect(await screen.findByTestId('email-label')).toHaveTextContent('Important');
  });

  it('shows an auditor the email with no control that changes it, and neither marks it read nor joins presence', async () => {
    stubDetailApi(emailDetail({ read: false, labels: ['l1'], assignedTo: null }));
    await renderDetail({ role: 'AUDITOR' });
    expect(screen.getByTestId('read-only-notice')).toHaveTextContent('You are an auditor');
    for (const control of [
      'archive-toggle',
      'spam-toggle',
      'mute-toggle',
      'member-select',
      'label-select',
      'email-label-remove',
      'comment-input',
      'reply-form',
    ]) {
      expect(screen.queryByTestId(control)).not.toBeInTheDocument();
    }
    expect(screen.queryByRole('button', { name: 'Assign to me' })).not.toBeInTheDocument();
    expect(await screen.findByTestId('email-label')).toHaveTextContent('Important');
    expect(screen.getByTestId('status-select')).toHaveClass('p-disabled');
    expect(inboxApi.markRead).not.toHaveBeenCalled();
    expect(inboxApi.joinPresence).not.toHaveBeenCalled();
  });

  it('shows who views the email from the answer of its own join, before any socket tells', async () => {
    stubApi(emailDetail());
    jest.spyOn(inboxApi, 'joinPresence').mockResolvedValue({
      emailId: 'e1',
      userIds: ['u1', 'u2'],
      viewers: [
        { userId: 'u1', name: null, email: 'jana@example.com', replying: false },
        { userId: 'u2', name: 'Petr', email: 'petr@example.com', replying: false },
      ],
    });
    await renderDetail();
    expect(await screen.findByTestId('presence-viewer')).toHaveTextContent('Petr');
    expect(screen.getAllByTestId('presence-viewer')).toHaveLength(1);
  });

  it('marks a label already on the email as disabled in the select', async () => {
    stubApi(emailDetail({ labels: ['l1'] }));
    await renderDetail();
    await screen.findByTestId('email-label');
    await act(async () => {
      fireEvent.click(screen.getByTestId('label-select'));
    });
    const option = async (name: string) =>
      (await screen.findAllByRole('option', { name, hidden: true })).find((item) => item.tagName === 'LI');
    expect(await option('Important')).toHaveAttribute('aria-disabled', 'true');
    expect(await option('Urgent')).toHaveAttribute('aria-disabled', 'false');
  });

  it('removes the chip once the reloaded email no longer has the label', async () => {
    stubApi(emailDetail({ labels: ['l1'] }));
    jest.spyOn(inboxApi, 'removeLabelFromEmail').mockResolvedValue(emailDetail());
    await renderDetail();
    await screen.findByTestId('email-label');
    answerServerCalls({ 'GET /api/emails/e1': emailDetail() });

    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Remove label Important' }));
    });
    await waitFor(() => expect(screen.queryByTestId('email-label')).not.toBeInTheDocument());
  });

  it('follows the team’s label and template changes pushed by other members, without a reload', async () => {
    stubApi(emailDetail({ labels: ['l1'] }));
    const { store } = await renderDetail();
    await screen.findByTestId('email-label');
    const vip = { ...important, name: 'VIP' };
    answerServerCalls({ 'GET /api/team/members': [], 'GET /api/email-labels?teamId=t1': [vip, urgent] });
    act(() => {
      store.dispatch(labelChanged({ kind: 'updated', label: vip }));
    });
    await waitFor(() => expect(screen.getByTestId('email-label')).toHaveTextContent('VIP'));

    const template = { id: 'r1', name: 'Shipping', subject: '', body: 'Your parcel ships today.', htmlBody: '' };
    answerServerCalls({
      'GET /api/team/members': [],
      'GET /api/email-labels?teamId=t1': [vip, urgent],
      'GET /api/reply-templates': [template],
    });
    act(() => {
      store.dispatch(replyTemplateChanged({ kind: 'saved', template }));
    });
    await act(async () => {
      fireEvent.click(screen.getByTestId('reply-template'));
    });
    expect(await screen.findAllByRole('option', { name: 'Shipping', hidden: true })).not.toHaveLength(0);
  });

  it('lists the attachments that are not inline, with a preview for images only', async () => {
    stubApi(
      emailDetail({
        attachments: [
          attachment({}),
          attachment({ id: 'a2', filename: 'photo.png', contentType: 'image/png', size: 68 }),
          attachment({ id: 'a3', filename: 'logo.png', contentType: 'image/png', inline: true }),
        ],
      }),
    );
    await renderDetail();
    expect(screen.getAllByTestId('attachment-name').map((item) => item.textContent)).toEqual([
      'invoice.pdf (120 B)',
      'photo.png (68 B)',
    ]);
    expect(screen.getAllByTestId('attachment-download')).toHaveLength(2);
    expect(screen.getAllByTestId('attachment-preview')).toHaveLength(1);
  });

  it('shows no attachments card when every part is inline', async () => {
    stubApi(
      emailDetail({ attachments: [attachment({ contentType: 'image/png', filename: 'logo.png', inline: true })] }),
    );
    await renderDetail();
    expect(screen.queryByText('Attachments')).not.toBeInTheDocument();
    expect(screen.queryByTestId('attachments')).not.toBeInTheDocument();
  });

  it("shows the timeline in the person's stored view mode: the thread, the reply form's replies and the actions, loaded again when a reply is pushed", async () => {
    const message = (id: string, direction: 'incoming' | 'outgoing', receivedAt: string): ThreadMessage => ({
      ...emailDetail({ id, receivedAt, subject: id === 'e1' ? 'Invoice for March' : 'Re: Invoice for March' }),
      direction,
    });
    const sent = (id: string, body: string) => aReply({ id, status: 'SENT', body, authorName: 'Jana' });
    const archived = {
      id: 'a1',
      type: 'ARCHIVED',
      createdAt: '2025-03-04T12:00:00.000Z',
      actorUserId: 'u2',
      actorName: 'Petr',
      actorEmail: 'petr@example.com',
      actor: { kind: 'user', userId: 'u2' },
      details: {},
    } as EmailAction;
    stubApi(emailDetail());
    answerServerCalls({
      'GET /api/user/preferences': { emailDetailViewMode: 'timeline' },
      'GET /api/emails/e1/thread': [
        message('e1', 'incoming', '2025-03-04T10:15:00.000Z'),
        message('r1', 'outgoing', '2025-03-04T11:00:00.000Z'),
      ],
      'GET /api/emails/e1/replies': [sent('r1', 'First answer')],
      'GET /api/emails/e1/actions': [archived],
    });
    const { store } = await renderDetail();
    const events = () => screen.getAllByTestId('timeline-event').map((event) => event.getAttribute('data-type'));
    await waitFor(() => expect(events()).toEqual(['incoming', 'reply', 'status']));
    expect(screen.getAllByTestId('timeline-event')[1]).toHaveTextContent('First answer');

    answerServerCalls({
      'GET /api/emails/e1/thread': [
        message('e1', 'incoming', '2025-03-04T10:15:00.000Z'),
        message('r1', 'outgoing', '2025-03-04T11:00:00.000Z'),
        message('r2', 'outgoing', '2025-03-04T13:00:00.000Z'),
      ],
      'GET /api/emails/e1/replies': [sent('r1', 'First answer'), sent('r2', 'Second answer')],
    });
    await act(async () => {
      store.dispatch(replyChanged({ emailId: 'e1', kind: 'sent', reply: sent('r2', 'Second answer') }));
    });
    await waitFor(() => expect(events()).toEqual(['incoming', 'reply', 'status', 'reply']));
    expect(screen.getAllByTestId('timeline-event')[3]).toHaveTextContent('Second answer');
  });

  it('says the email is not found once it is gone (a reconnect loads it again), not what it showed before', async () => {
    stubApi(emailDetail());
    const { store } = await renderDetail();
    answerServerCalls({ 'GET /api/emails/e1': serverFailure(404, 'Email not found') });
    await act(async () => {
      store.dispatch(connected());
    });
    expect(await screen.findByTestId('email-not-found')).toHaveTextContent('Email not found');
    expect(screen.queryByTestId('email-detail')).not.toBeInTheDocument();
  });
});
