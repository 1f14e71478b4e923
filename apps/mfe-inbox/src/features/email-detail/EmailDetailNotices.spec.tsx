import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { Comment } from '@teaminbox/contracts';
import { ApiError, inboxApi } from '@teaminbox/api-client';
import { answerServerCalls, aReply } from '@teaminbox/web-store/testing';
import {
  attachment,
  closeDetail,
  emailDetail,
  important,
  renderDetail,
  serverCalls,
  stubDetailApi,
} from './detail-test-harness';

/**
 * The notices of the email detail (spec core-inbox section 8) with their texts, severities and durations
 * (section 9: 2 s for successes and assign/unassign, 3 s for errors).
 */

const failure = () => new ApiError(500, 'Internal Server Error');

const comment: Comment = {
  id: 'c1',
  emailId: 'e1',
  message: 'Mine',
  userId: 'u1',
  userName: 'Jana',
  userEmail: 'jana@example.com',
  mentions: [],
  createdAt: '2025-03-04T11:00:00.000Z',
  updatedAt: null,
};

const draft = aReply();

const click = async (element: HTMLElement) => {
  await act(async () => {
    fireEvent.click(element);
  });
};
const button = (name: string) => screen.getByRole('button', { name });

describe('the notices of the email detail', () => {
  afterEach(closeDetail);

  it("shows 'Error loading email' for 3 s and returns to the inbox when the email cannot be loaded", async () => {
    stubDetailApi(failure());
    const { notices } = await renderDetail({ waitForEmail: false });
    expect(await screen.findByTestId('inbox-page')).toBeInTheDocument();
    expect(notices()).toEqual([['error', 'Error loading email', 3000]]);
  });

  it('shows the not-found message, without a notice, for an email that does not exist', async () => {
    stubDetailApi(new ApiError(404, 'Email not found'));
    const { notices } = await renderDetail({ waitForEmail: false });
    expect(await screen.findByTestId('email-not-found')).toHaveTextContent('Email not found');
    expect(notices()).toEqual([]);
  });

  it("assign to me: 'Email assigned to you' for 2 s; a failure 'Error assigning email' for 3 s", async () => {
    stubDetailApi(emailDetail());
    const assign = jest.spyOn(inboxApi, 'assign').mockResolvedValueOnce(emailDetail({ assignedTo: 'u1' }));
    const { notices } = await renderDetail();
    await click(button('Assign to me'));
    expect(assign).toHaveBeenCalledWith('e1', 'u1');
    assign.mockRejectedValueOnce(failure());
    await click(button('Assign to me'));
    expect(notices()).toEqual([
      ['success', 'Email assigned to you', 2000],
      ['error', 'Error assigning email', 3000],
    ]);
  });

  it("assign to a chosen member: 'Email assigned successfully' for 2 s", async () => {
    stubDetailApi(emailDetail());
    const assign = jest.spyOn(inboxApi, 'assign').mockResolvedValue(emailDetail({ assignedTo: 'u2' }));
    const { notices } = await renderDetail();
    expect(button('Assign')).toBeDisabled();
    await click(screen.getByTestId('member-select'));
    const option = (await screen.findAllByRole('option', { name: 'Petr <petr@example.com>', hidden: true })).find(
      (item) => item.tagName === 'LI',
    );
    await click(option!);
    await click(button('Assign'));
    expect(assign).toHaveBeenCalledWith('e1', 'u2');
    expect(notices()).toEqual([['success', 'Email assigned successfully', 2000]]);
  });

  it("unassign: 'Email unassigned' for 2 s; a failure 'Error unassigning email' for 3 s", async () => {
    stubDetailApi(emailDetail({ assignedTo: 'u2' }));
    const assign = jest.spyOn(inboxApi, 'assign').mockResolvedValueOnce(emailDetail({ assignedTo: 'u2' }));
    const { notices } = await renderDetail();
    await click(button('Unassign'));
    expect(assign).toHaveBeenCalledWith('e1', '');
    assign.mockRejectedValueOnce(failure());
    await click(button('Unassign'));
    expect(notices()).toEqual([
      ['success', 'Email unassigned', 2000],
      ['error', 'Error unassigning email', 3000],
    ]);
  });

  it("says 'User not authenticated' and sends nothing when assigning to me with nobody signed in", async () => {
    stubDetailApi(emailDetail());
    const assign = jest.spyOn(inboxApi, 'assign');
    const { notices } = await renderDetail({ signedIn: false });
    await click(button('Assign to me'));
    expect(assign).not.toHaveBeenCalled();
    expect(notices()).toEqual([['error', 'User not authenticated', 3000]]);
  });

  it("adds a chosen label: 'Label \"{name}\" assigned to email' for 2 s; a failure 'Error adding label' for 3 s", async () => {
    stubDetailApi(emailDetail());
    const add = jest.spyOn(inboxApi, 'addLabelToEmail').mockResolvedValueOnce(emailDetail({ labels: ['l1'] }));
    const { notices } = await renderDetail();
    // Adding needs a label to be selected.
    expect(button('Add label')).toBeDisabled();
    const pick = async () => {
      await click(screen.getByTestId('label-select'));
      const option = (await screen.findAllByRole('option', { name: 'Important', hidden: true })).find(
        (item) => item.tagName === 'LI',
      );
      await click(option!);
    };
    await pick();
    await click(button('Add label'));
    expect(add).toHaveBeenCalledWith('e1', important);
    add.mockRejectedValueOnce(failure());
    await pick();
    await click(button('Add label'));
    expect(notices()).toEqual([
      ['success', 'Label "Important" assigned to email', 2000],
      ['error', 'Error adding label', 3000],
    ]);
  });

  it.each([
    ['Mark as unread', 'Error marking as unread', {}, 'markUnread'],
    ['Archive', 'Error archiving email', {}, 'archive'],
    ['Unarchive', 'Error unarchiving email', { isArchived: true }, 'unarchive'],
    ['Spam', 'Error marking as spam', {}, 'spam'],
    ['Not spam', 'Error marking as not spam', { isSpam: true }, 'notSpam'],
    ['Mute notifications', 'Chyba při změně nastavení upozornění', {}, 'mute'],
    ['Unmute notifications', 'Chyba při změně nastavení upozornění', { muted: true }, 'unmute'],
  ] as const)("'%s' that fails shows '%s' for 3 s and stays on the email", async (name, text, overrides, call) => {
    stubDetailApi(emailDetail(overrides));
    const spy = jest.spyOn(inboxApi, call).mockRejectedValue(failure());
    const { notices } = await renderDetail();
    await click(button(name));
    expect(spy).toHaveBeenCalledWith('e1');
    expect(notices()).toEqual([['error', text, 3000]]);
    expect(screen.getByTestId('email-detail')).toBeInTheDocument();
  });

  it.each([
    ['Archive', {}, 'archive'],
    ['Unarchive', { isArchived: true }, 'unarchive'],
    ['Spam', {}, 'spam'],
    ['Not spam', { isSpam: true }, 'notSpam'],
  ] as const)("'%s' returns to the inbox without a notice", async (name, overrides, call) => {
    stubDetailApi(emailDetail(overrides));
    jest.spyOn(inboxApi, call).mockResolvedValue(emailDetail());
    const { notices } = await renderDetail();
    await click(button(name));
    expect(await screen.findByTestId('inbox-page')).toBeInTheDocument();
    expect(notices()).toEqual([]);
  });

  it("attachments: 'Soubor není dostupný ke stažení' without a file id; a download shows 'Soubor se stahuje...' then 'Chyba při stahování souboru'; a failed preview 'Přílohu se nepodařilo načíst'", async () => {
    stubDetailApi(
      emailDetail({
        attachments: [
          attachment({ id: '' }),
          attachment({ id: 'a2', filename: 'photo.png', contentType: 'image/png' }),
        ],
      }),
    );
    const download = jest
      .spyOn(inboxApi, 'downloadAttachment')
      .mockRejectedValue(new ApiError(200, 'Empty attachment'));
    const { notices } = await renderDetail();
    const [missing, photo] = screen.getAllByTestId('attachment');
    await click(within(missing).getByTestId('attachment-download'));
    expect(download).not.toHaveBeenCalled();
    expect(notices()).toEqual([['error', 'Soubor není dostupný ke stažení', 3000]]);

    await click(within(photo).getByTestId('attachment-download'));
    await waitFor(() => expect(notices()).toHaveLength(3));
    await click(within(photo).getByTestId('attachment-preview'));
    await waitFor(() => expect(notices()).toHaveLength(4));
    expect(download).toHaveBeenCalledWith('a2');
    expect(notices().slice(1)).toEqual([
      ['info', 'Soubor se stahuje...', 2000],
      ['error', 'Chyba při stahování souboru', 3000],
      ['error', 'Přílohu se nepodařilo načíst', 3000],
    ]);
    expect(screen.queryByTestId('lightbox-image')).not.toBeInTheDocument();
  });

  it("comments: a blank comment is not sent; 'Error adding comment' and 'Error deleting comment' for 3 s", async () => {
    // The server answers the lists; writing and deleting fail (no answer: the network is down).
    stubDetailApi(emailDetail(), { comments: [comment] });
    const { notices } = await renderDetail();
    await screen.findByTestId('comment');
    fireEvent.change(screen.getByTestId('comment-input'), { target: { value: '   ' } });
    await click(button('Add comment'));
    expect(serverCalls('POST', '/api/emails/e1/comments')).toEqual([]);

    fireEvent.change(screen.getByTestId('comment-input'), { target: { value: ' Checked it ' } });
    await click(button('Add comment'));
    await waitFor(() => expect(notices()).toHaveLength(1));
    expect(serverCalls('POST', '/api/emails/e1/comments')).toEqual([{ message: 'Checked it' }]);
    await click(button('Delete comment'));
    await waitFor(() => expect(notices()).toHaveLength(2));
    expect(serverCalls('DELETE', '/api/emails/e1/comments/c1')).toHaveLength(1);
    expect(notices()).toEqual([
      ['error', 'Error adding comment', 3000],
      ['error', 'Error deleting comment', 3000],
    ]);
    // The text stays for another try.
    expect(screen.getByTestId('comment-input')).toHaveValue(' Checked it ');
  });

  it('keeps the comments in a list at most 500 px high that scrolls', async () => {
    stubDetailApi(emailDetail());
    await renderDetail();
    expect(screen.getByTestId('comments')).toHaveStyle({ maxHeight: '500px', overflowY: 'auto' });
  });

  it("reply: 'Odpověď odeslána' for 2 s and only body and attachments clear; 'Chyba při odeslání odpovědi' for 3 s", async () => {
    stubDetailApi(emailDetail());
    const send = jest.spyOn(inboxApi, 'sendReply').mockResolvedValueOnce({ success: true } as never);
    const { notices } = await renderDetail();
    fireEvent.change(screen.getByTestId('reply-to'), {
      target: { value: ' billing@example.com, , boss@example.com ' },
    });
    fireEvent.change(screen.getByTestId('reply-cc'), { target: { value: 'cc@example.com ,' } });
    fireEvent.change(screen.getByTestId('reply-body'), { target: { value: 'Thank you' } });
    await click(screen.getByTestId('reply-send'));
    expect(send).toHaveBeenCalledWith(
      expect.objectContaining({
        emailId: 'e1',
        teamId: 't1',
        to: ['billing@example.com', 'boss@example.com'],
        cc: ['cc@example.com'],
        subject: 'Re: Invoice for March',
        body: 'Thank you',
        attachments: [],
      }),
    );
    expect(screen.getByTestId('reply-body')).toHaveValue('');
    expect(screen.getByTestId('reply-to')).toHaveValue(' billing@example.com, , boss@example.com ');
    expect(screen.getByTestId('reply-subject')).toHaveValue('Re: Invoice for March');

    send.mockRejectedValueOnce(failure());
    fireEvent.change(screen.getByTestId('reply-body'), { target: { value: 'Again' } });
    await click(screen.getByTestId('reply-send'));
    expect(notices()).toEqual([
      ['success', 'Odpověď odeslána', 2000],
      ['error', 'Chyba při odeslání odpovědi', 3000],
    ]);
    expect(screen.getByTestId('reply-body')).toHaveValue('Again');
  });

  it('reply: each reply goes with its own idempotency key, the same one when a failed send is tried again', async () => {
    stubDetailApi(emailDetail());
    const send = jest
      .spyOn(inboxApi, 'sendReply')
      .mockResolvedValueOnce({ success: true } as never)
      .mockRejectedValueOnce(failure())
      .mockResolvedValueOnce({ success: true } as never);
    await renderDetail();
    fireEvent.change(screen.getByTestId('reply-body'), { target: { value: 'One' } });
    await click(screen.getByTestId('reply-send'));
    await waitFor(() => expect(screen.getByTestId('reply-body')).toHaveValue(''));
    fireEvent.change(screen.getByTestId('reply-body'), { target: { value: 'Two' } });
    await click(screen.getByTestId('reply-send'));
    await click(screen.getByTestId('reply-send'));
    await waitFor(() => expect(send).toHaveBeenCalledTimes(3));
    const keys = send.mock.calls.map(([payload]) => payload.idempotencyKey);
    expect(keys[0]).toMatch(/^[0-9a-f]{32}$/);
    expect(keys[1]).toMatch(/^[0-9a-f]{32}$/);
    expect(keys[1]).not.toBe(keys[0]);
    expect(keys[2]).toBe(keys[1]);
  });

  it("drafts: 'Error saving reply' and 'Error deleting reply' for 3 s; a saved draft resets the form", async () => {
    // The server answers the drafts and a first save; a second save and the deletion fail (the network is down).
    stubDetailApi(emailDetail(), { replies: [draft] });
    answerServerCalls({ 'POST /api/emails/e1/replies': draft });
    const { notices } = await renderDetail();
    await screen.findByTestId('draft');
    fireEvent.change(screen.getByTestId('reply-body'), { target: { value: 'Later' } });
    fireEvent.change(screen.getByTestId('reply-subject'), { target: { value: 'Changed' } });
    await click(screen.getByTestId('reply-save-draft'));
    await waitFor(() => expect(screen.getByTestId('reply-body')).toHaveValue(''));
    expect(serverCalls('POST', '/api/emails/e1/replies')).toEqual([
      expect.objectContaining({ body: 'Later', subject: 'Changed' }),
    ]);
    expect(screen.getByTestId('reply-subject')).toHaveValue('Re: Invoice for March');
    // The saved draft made the email's replies stale: they load again.
    await waitFor(() => expect(serverCalls('GET', '/api/emails/e1/replies')).toHaveLength(2));

    const answer = jest.mocked(globalThis.fetch).getMockImplementation()!;
    jest
      .mocked(globalThis.fetch)
      .mockImplementation((input, init) =>
        init?.method === 'POST' || init?.method === 'DELETE'
          ? Promise.reject(new TypeError('offline'))
          : answer(input, init),
      );
    fireEvent.change(screen.getByTestId('reply-body'), { target: { value: 'Again' } });
    await click(screen.getByTestId('reply-save-draft'));
    await waitFor(() => expect(notices()).toHaveLength(1));
    await click(within(screen.getByTestId('draft')).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(notices()).toHaveLength(2));
    expect(serverCalls('DELETE', '/api/emails/e1/replies/r1')).toHaveLength(1);
    expect(notices()).toEqual([
      ['error', 'Error saving reply', 3000],
      ['error', 'Error deleting reply', 3000],
    ]);
    // A failed save keeps what was written; the draft stays listed.
    expect(screen.getByTestId('reply-body')).toHaveValue('Again');
    expect(screen.getByTestId('draft')).toBeInTheDocument();
  });

  it("shows 'Chyba při čtení souboru' for 3 s when a file to attach cannot be read", async () => {
    stubDetailApi(emailDetail());
    jest.spyOn(FileReader.prototype, 'readAsDataURL').mockImplementation(function (this: FileReader) {
      this.onerror?.(new ProgressEvent('error') as ProgressEvent<FileReader>);
    });
    const { notices } = await renderDetail();
    const file = new File(['hello'], 'notes.txt', { type: 'text/plain' });
    await act(async () => {
      fireEvent.change(screen.getByTestId('reply-file-input'), { target: { files: [file] } });
    });
    await waitFor(() => expect(notices()).toEqual([['error', 'Chyba při čtení souboru', 3000]]));
    expect(screen.queryByTestId('reply-attachment')).not.toBeInTheDocument();
  });
});
