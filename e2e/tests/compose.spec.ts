import type { Email, ThreadMessage } from '@teaminbox/contracts';
import { startDovecot, type TestDovecot } from '../support/dovecot';
import {
  api,
  connectDovecotViaApi,
  createTeamViaApi,
  expect,
  newAccount,
  signUpViaApi,
  sinkSmtp,
  test,
  useToken,
  waitForEmailViaApi,
} from '../support/fixtures';
import { waitForMail } from '../support/mail-sink';

test.describe('Compose: a new conversation from the team', () => {
  let dovecot: TestDovecot;

  test.beforeAll(async () => {
    dovecot = await startDovecot();
  });
  test.afterAll(async () => {
    await dovecot?.stop();
  });

  test('a new email with the signature and bold text is delivered, kept in Sent, and the answer joins it', async ({
    page,
    baseURL,
  }) => {
    test.setTimeout(120_000);
    const token = await signUpViaApi(baseURL!, newAccount('composer'));
    await createTeamViaApi(baseURL!, token, 'Compose crew');
    await connectDovecotViaApi(baseURL!, token, dovecot, { ...sinkSmtp(), fromName: 'Support' });
    const settings = await api<Record<string, unknown>>(baseURL!, token, 'GET', '/notification-settings');
    await api(baseURL!, token, 'PUT', '/notification-settings', {
      ...settings,
      htmlSignature: '<p>Jana Nováková<br><i>Support</i></p>',
    });
    const stamp = Date.now().toString(36);
    const dana = `dana-${stamp}@example.org`;
    const subject = `Your order ${stamp}`;

    await useToken(page, token);
    await page.goto('/admin/inbox');
    await page.getByTestId('compose').click();
    const dialog = page.getByTestId('compose-dialog');
    await expect(dialog).toBeVisible();
    // The rich editor opens with the signature, once, below an empty line to write in.
    const editor = dialog.getByTestId('compose-html-body').locator('.ql-editor');
    await expect(editor).toContainText('Jana Nováková');
    await dialog.getByTestId('compose-to').fill(dana);
    await dialog.getByTestId('compose-subject').fill(subject);
    await editor.locator('p').first().click();
    await page.keyboard.type('Your order ');
    await page.keyboard.press('Control+b');
    await page.keyboard.type('shipped');
    await page.keyboard.press('Control+b');
    await page.keyboard.type(' today.');
    await dialog.getByTestId('compose-file-input').setInputFiles({
      name: 'invoice.txt',
      mimeType: 'text/plain',
      buffer: Buffer.from('INVOICE-42'),
    });
    await expect(dialog.getByTestId('compose-attachment')).toHaveText(/invoice\.txt \(10 B\)/);
    await dialog.getByTestId('compose-send').click();
    await expect(page.getByText('Email queued for sending')).toBeVisible();
    await expect(dialog).toBeHidden();
    // The new conversation is in the list.
    await expect(page.getByTestId('email-row').filter({ hasText: subject })).toHaveCount(1);

    const sent = await waitForMail(dana, (mail) => mail.subject === subject, 30_000);
    expect(sent.from?.value).toEqual([{ name: 'Support', address: 'support@example.test' }]);
    expect(sent.html).toMatch(/<(strong|b)>shipped<\/(strong|b)>/);
    expect(sent.html).toContain('Jana Nováková');
    expect(sent.text).toContain('Your order shipped today.');
    expect(sent.text).toContain('Jana Nováková\nSupport');
    expect(sent.text).not.toContain('<');
    expect((sent.text ?? '').match(/Jana Nováková/g)).toHaveLength(1);
    expect(sent.attachments.map((a) => [a.filename, a.content.toString()])).toEqual([['invoice.txt', 'INVOICE-42']]);
    const messageId = sent.messageId!;

    // The message is kept in the mailbox's Sent folder.
    await expect
      .poll(
        async () => {
          const imap = await dovecot.client();
          try {
            if (!(await imap.list()).some((folder) => folder.path === 'Sent')) return 0;
            const lock = await imap.getMailboxLock('Sent');
            try {
              const found = await imap.search({ header: { 'message-id': messageId } });
              return Array.isArray(found) ? found.length : 0;
            } finally {
              lock.release();
            }
          } finally {
            await imap.logout();
          }
        },
        { timeout: 30_000 },
      )
      .toBe(1);

    // Dana answers (In-Reply-To our Message-ID): the answer joins the conversation.
    const imap = await dovecot.client();
    await imap.append(
      'INBOX',
      [
        `From: Dana <${dana}>`,
        'To: support@example.test',
        `Subject: Re: ${subject}`,
        `Message-ID: <answer-${stamp}@example.org>`,
        `In-Reply-To: ${messageId}`,
        `References: ${messageId}`,
        `Date: ${new Date(Date.now() + 60_000).toUTCString()}`,
        '',
        'Thanks, it arrived.',
        '',
      ].join('\r\n'),
    );
    await imap.logout();
    const answer = await waitForEmailViaApi(baseURL!, token, `Re: ${subject}`);
    const composed = (await api<{ content: Email[] }>(baseURL!, token, 'GET', '/emails?size=50')).content.find(
      (email) => email.subject === subject,
    )!;
    await expect
      .poll(async () =>
        (await api<ThreadMessage[]>(baseURL!, token, 'GET', `/emails/${answer.id}/thread`)).map((m) => [
          m.id,
          m.direction,
        ]),
      )
      .toEqual([
        [composed.id, 'outgoing'],
        [answer.id, 'incoming'],
      ]);
    await page.goto(`/admin/email-detail/${answer.id}`);
    await expect(page.getByTestId('thread').getByTestId('thread-message')).toHaveCount(2);
  });
});
