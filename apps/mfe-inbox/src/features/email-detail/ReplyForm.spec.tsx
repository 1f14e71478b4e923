import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { inboxApi } from '@teaminbox/api-client';
import { aReply } from '@teaminbox/web-store/testing';
import { closeDetail, emailDetail, renderDetail, serverCalls, stubDetailApi } from './detail-test-harness';

const click = async (element: HTMLElement) => {
  await act(async () => {
    fireEvent.click(element);
  });
};

const draftWithBcc = aReply({ bcc: ['ledger@example.com'] });

describe('the reply form', () => {
  afterEach(closeDetail);

  it('answers the addresses the server gives (Reply-To), reply all with the Cc, and only the drafts of the replies', async () => {
    stubDetailApi(emailDetail(), {
      addresses: {
        reply: { to: ['desk@example.com'], cc: [] },
        replyAll: { to: ['desk@example.com'], cc: ['carol@example.com'] },
      },
      replies: [draftWithBcc, { ...draftWithBcc, id: 'r2', status: 'SENT', body: 'Sent text' }],
    });
    await renderDetail();
    await waitFor(() => expect(screen.getByTestId('reply-to')).toHaveValue('desk@example.com'));
    expect(screen.getAllByTestId('draft')).toHaveLength(1);
    expect(screen.getByTestId('draft')).toHaveTextContent('Draft text');
    await click(screen.getByTestId('reply-mode-replyAll'));
    expect(screen.getByTestId('reply-cc')).toHaveValue('carol@example.com');
  });

  it('sends and saves the Bcc (comma-separated, trimmed); an edited draft shows its Bcc; forward has none', async () => {
    stubDetailApi(emailDetail(), { replies: [draftWithBcc] });
    const send = jest.spyOn(inboxApi, 'sendReply').mockResolvedValue({ success: true } as never);
    await renderDetail();
    await click(within(await screen.findByTestId('draft')).getByRole('button', { name: 'Edit' }));
    expect(screen.getByTestId('reply-bcc')).toHaveValue('ledger@example.com');
    fireEvent.change(screen.getByTestId('reply-bcc'), {
      target: { value: ' ledger@example.com, , boss@example.com ' },
    });
    await click(screen.getByTestId('reply-send'));
    expect(send).toHaveBeenCalledWith(
      expect.objectContaining({ bcc: ['ledger@example.com', 'boss@example.com'], draftId: 'r1' }),
    );
    expect(screen.getByTestId('reply-form')).toHaveTextContent('Bcc');
    await click(screen.getByTestId('reply-mode-forward'));
    expect(screen.getByTestId('reply-bcc').closest('label')).toHaveClass('hidden');
  });

  it('an undone send, edited as a draft, lists its attachments like added ones; one removed is not sent', async () => {
    const offer = { id: 'a1', fileName: 'offer.pdf', contentType: 'application/pdf', size: 2048 };
    const terms = { id: 'a2', fileName: 'terms.txt', contentType: 'text/plain', size: 10 };
    stubDetailApi(emailDetail(), { replies: [aReply({ attachments: [offer, terms] })] });
    const send = jest.spyOn(inboxApi, 'sendReply').mockResolvedValue({ success: true } as never);
    await renderDetail();
    await click(within(await screen.findByTestId('draft')).getByRole('button', { name: 'Edit' }));
    const chips = screen.getAllByTestId('reply-attachment');
    expect(chips.map((chip) => chip.textContent)).toEqual([
      expect.stringContaining('offer.pdf'),
      expect.stringContaining('terms.txt'),
    ]);
    await click(screen.getByRole('button', { name: 'Remove offer.pdf' }));
    expect(screen.getAllByTestId('reply-attachment')).toHaveLength(1);
    await click(screen.getByTestId('reply-send'));
    expect(send).toHaveBeenCalledWith(expect.objectContaining({ draftId: 'r1', draftAttachmentIds: ['a2'] }));
  });

  it('opened with ?draft=<id> (Edit in the Scheduled list), shows that draft in the form', async () => {
    stubDetailApi(emailDetail(), {
      replies: [aReply({ id: 'r7', to: ['desk@example.com'], body: 'Back as a draft' })],
    });
    await renderDetail({ search: '?draft=r7' });
    await waitFor(() => expect(screen.getByTestId('reply-to')).toHaveValue('desk@example.com'));
    expect(screen.getByTestId('reply-body')).toHaveValue('Back as a draft');
  });

  it("'Remind me if no answer by' in 3 days goes with the reply sent, and clears after it", async () => {
    stubDetailApi(emailDetail());
    const send = jest.spyOn(inboxApi, 'sendReply').mockResolvedValue({ success: true } as never);
    await renderDetail();
    const before = Date.now();
    await click(screen.getByTestId('reply-remind'));
    await click(await screen.findByTestId('reply-remind-in3Days'));
    expect(screen.getByTestId('reply-reminder')).toHaveTextContent(/^Remind me if no answer by /);
    fireEvent.change(screen.getByTestId('reply-body'), { target: { value: 'Fixed, please confirm.' } });
    await click(screen.getByTestId('reply-send'));
    const sent = send.mock.calls[0][0].remindIfNoAnswerBy;
    const days = (Date.parse(sent ?? '') - before) / 86_400_000;
    expect(days).toBeGreaterThan(2.9);
    expect(days).toBeLessThan(3.1);
    await waitFor(() => expect(screen.queryByTestId('reply-reminder')).not.toBeInTheDocument());
    expect(screen.getByTestId('reply-remind')).toBeInTheDocument();
    // The next reply goes without one.
    fireEvent.change(screen.getByTestId('reply-body'), { target: { value: 'One more thing' } });
    await click(screen.getByTestId('reply-send'));
    expect(send.mock.calls[1][0].remindIfNoAnswerBy).toBeUndefined();
  });

  it("Send later sends the reply with the chosen time and says nothing of it being sent ('Odpověď odeslána')", async () => {
    stubDetailApi(emailDetail());
    const send = jest.spyOn(inboxApi, 'sendReply').mockResolvedValue({ success: true } as never);
    const { notices } = await renderDetail();
    fireEvent.change(screen.getByTestId('reply-body'), { target: { value: 'Tomorrow is fine.' } });
    await click(screen.getByTestId('reply-send-later'));
    await click(await screen.findByTestId('send-later-tomorrowMorning'));
    await waitFor(() => expect(send).toHaveBeenCalledTimes(1));
    expect(Date.parse(send.mock.calls[0][0].sendAt ?? '')).toBeGreaterThan(Date.now());
    expect(notices().map(([, text]) => text)).not.toContain('Odpověď odeslána');
  });

  it("'No reminder' drops a chosen reminder; a saved draft carries the Bcc", async () => {
    stubDetailApi(emailDetail());
    await renderDetail();
    await click(screen.getByTestId('reply-remind'));
    await click(await screen.findByTestId('reply-remind-inAWeek'));
    await click(screen.getByRole('button', { name: 'No reminder' }));
    expect(screen.queryByTestId('reply-reminder')).not.toBeInTheDocument();
    fireEvent.change(screen.getByTestId('reply-bcc'), { target: { value: 'ledger@example.com' } });
    await click(screen.getByTestId('reply-save-draft'));
    await waitFor(() => expect(serverCalls('POST', '/api/emails/e1/replies')).toHaveLength(1));
    expect(serverCalls('POST', '/api/emails/e1/replies')[0]).toMatchObject({ bcc: ['ledger@example.com'] });
  });
});
